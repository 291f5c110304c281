/**
 * The copy of the demo's application terms, as HTML (issue E1 gives them their forms); every other page is a
 * Markdown file of content/pages.
 */

export interface StaticPage {
  slug: string;
  name: string;
  description: string;
  html: string;
}

const section = (title: string, ...paragraphs: string[]) =>
  `<h2>${title}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;

export function applicationTermsPages(): StaticPage[] {
  return [
    {
      slug: 'creator-application/terms',
      name: 'Creator Program Terms',
      description: 'Terms of the creator program.',
      html:
        section(
          'Content',
          'Creators keep ownership of their content and grant us a licence to repost it on our channels with credit.',
        ) +
        section(
          'Disclosure',
          'Posts featuring gifted product must be marked as such, following the FTC endorsement guides.',
        ),
    },
    {
      slug: 'dealer-application/terms',
      name: 'Dealer Terms',
      description: 'Terms for wholesale dealers.',
      html:
        section(
          'Minimums',
          'Opening orders start at $500 at wholesale, reorders at $250. Terms are net 30 after two prepaid orders.',
        ) +
        section(
          'Pricing',
          'Dealers agree to sell at or above the suggested retail price, except during our sitewide sales.',
        ),
    },
    {
      slug: 'nil/terms',
      name: 'NIL Program Terms',
      description: 'Terms for student-athlete partners.',
      html:
        section(
          'Eligibility',
          'Open to student-athletes 18 or older who are in good standing with their school and governing body. You are responsible for disclosing the partnership as your school requires.',
        ) +
        section(
          'Compensation',
          'Partners receive product and a commission on sales through their personal code, paid monthly.',
        ),
    },
  ];
}
