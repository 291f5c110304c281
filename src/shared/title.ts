const sameWords = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The document title template of spec section 1: 'page | site | tagline', leaving out what is empty. A page
 * titled as the site or its tagline (the home page's content is titled with the tagline) leaves its title out,
 * so the title never says the same words twice: 'ACME | Comfort Loud', not 'Comfort Loud | ACME | Comfort Loud'.
 */
export function documentTitle(page: string | null | undefined, site: string, tagline: string): string {
  const pageTitle = page?.trim() ?? '';
  const siteParts = [site.trim(), tagline.trim()].filter(Boolean);
  const repeated = siteParts.some((part) => sameWords(part, pageTitle));
  return (pageTitle && !repeated ? [pageTitle, ...siteParts] : siteParts).join(' | ');
}
