/** The copy of the demo's static pages, as HTML. `site` is the shop's name, e.g. ACME. */

export interface StaticPage {
  slug: string;
  name: string;
  description: string;
  html: string;
}

const section = (title: string, ...paragraphs: string[]) =>
  `<h2>${title}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;

export function staticPages(site: string, brand: string, supportEmail: string, displayPhone: string): StaticPage[] {
  return [
    {
      slug: 'about',
      name: 'About Us',
      description: `${site} makes loud prints and seriously comfortable underwear, socks and clothing for the whole family.`,
      html:
        `<h2>We make the good stuff underneath.</h2>` +
        `<p>${site} started in 2014 in a one-car garage with a sewing machine, a stack of fabric swatches and a simple idea: the things you wear closest to your skin should be the most comfortable things you own, and they should never be boring.</p>` +
        section(
          'Comfort first',
          'Every waistband, seam and gusset is tested by a panel of real people who wear our samples for weeks before anything goes on sale. If it rides up, digs in or pills, it goes back to the drawing board.',
          'Our signature micro modal is three times softer than cotton, wicks moisture and keeps its colour wash after wash.',
        ) +
        section(
          'Prints with personality',
          'Our in-house design team draws more than two hundred prints a year, from Tropic Thunder palms to Midnight Camo. Only the ones that make the whole office laugh, gasp or grab one for themselves make the cut.',
        ) +
        section(
          'The Familie',
          `Our customers are The Familie. They name our prints, vote on our restocks and show up in our inbox with stories we could never make up. <a href="/the-familie">Meet them here</a>.`,
        ) +
        section(
          'Doing better',
          'We ship in recycled mailers, offset the carbon of every order and donate unsold inventory to shelters across the country. We are not perfect, but we report our progress every year.',
        ),
    },
    {
      slug: 'contact',
      name: 'Contact Us',
      description: `Questions about an order, a size or a print? The ${site} support crew is here to help.`,
      html:
        `<p>Our support crew answers every message within one business day, usually much sooner.</p>` +
        section('E-mail', `<a href="mailto:${supportEmail}">${supportEmail}</a>`) +
        section('Phone', `${displayPhone}, Monday to Friday, 8am to 6pm Mountain Time.`) +
        section(
          'Order questions',
          'Have your order number handy: it is in your confirmation e-mail and under <a href="/account/orders">My Account</a>. You can also <a href="/order">look up an order</a> with your e-mail address.',
        ) +
        section('Mailing address', `${site} Goods Co.<br/>1200 Larimer Street, Suite 400<br/>Denver, CO 80204`),
    },
    {
      slug: 'privacy',
      name: 'Privacy Policy',
      description: `How ${site} collects, uses and protects your personal information.`,
      html:
        `<p>Last updated January 2, 2025. This policy explains what we collect when you visit our shop or buy from us, why, and the choices you have.</p>` +
        section(
          'What we collect',
          'Information you give us: your name, e-mail address, shipping and billing addresses, phone number and order history. Payment cards are handled by our payment processor; we keep only a token and the last four digits.',
          'Information collected automatically: pages viewed, the device and browser you use, and how you arrived at the shop, through cookies and similar technologies.',
        ) +
        section(
          'How we use it',
          'To process and deliver orders, provide customer support, prevent fraud, improve the shop and, with your consent, send marketing e-mails and show relevant advertising.',
        ) +
        section(
          'Sharing',
          'We share information with service providers who help us run the shop (payment, shipping, e-mail, analytics) under contracts that limit their use of it. We do not sell your personal information for money.',
        ) +
        section(
          'Your choices',
          'You can update your account details at any time, unsubscribe from marketing e-mails using the link in any message, and manage cookies on our <a href="/privacy-choices">Privacy Choices</a> page.',
        ) +
        section('Contact', `Questions about privacy? Write to <a href="mailto:${supportEmail}">${supportEmail}</a>.`),
    },
    {
      slug: 'privacy-choices',
      name: 'Your Privacy Choices',
      description: 'Manage cookies, advertising and data requests.',
      html:
        section(
          'Cookies and advertising',
          'You can opt out of analytics and advertising cookies at any time from the cookie settings in the footer. Essential cookies that keep your bag and session working cannot be switched off.',
        ) +
        section(
          'Access, correction and deletion',
          `To request a copy of your data, correct it or have it deleted, e-mail <a href="mailto:${supportEmail}">${supportEmail}</a> from the address on your account. We answer within 30 days.`,
        ) +
        section(
          'Do not sell or share',
          'We do not sell personal information. To opt out of sharing for cross-context behavioural advertising, decline advertising cookies.',
        ),
    },
    {
      slug: 'terms',
      name: 'Terms of Use',
      description: `The terms that apply when you use the ${site} shop.`,
      html:
        `<p>By using this website you agree to these terms. Please read them carefully.</p>` +
        section(
          'Orders and pricing',
          'All orders are subject to acceptance and availability. Prices are in US dollars and may change without notice; the price charged is the price shown in your bag when you place the order. We may cancel orders that show signs of fraud or resale.',
        ) +
        section(
          'Returns',
          'Unworn items with tags may be returned within 30 days. For hygiene reasons underwear must be unworn and in its original packaging. See our <a href="/return-exchange-policy">return and exchange policy</a>.',
        ) +
        section(
          'Gift cards and store credit',
          'Gift cards and store credit never expire, cannot be redeemed for cash except where required by law, and are treated like cash: keep them safe.',
        ) +
        section(
          'Intellectual property',
          `All prints, photographs, text and logos on this site belong to ${site} or its licensors and may not be used without permission.`,
        ) +
        section(
          'Liability',
          'To the extent permitted by law, our liability for any claim is limited to the amount you paid for the product concerned.',
        ),
    },
    {
      slug: 'referral-terms',
      name: 'Referral Program Terms',
      description: 'The rules of the refer-a-friend program.',
      html:
        section(
          'How it works',
          'Share your personal link. When a friend places a first order of $50 or more with it, they get 20% off and you get $15 in store credit once their order ships.',
        ) +
        section(
          'The fine print',
          'Credit is issued for up to 20 referrals a year. Self-referrals, referrals between accounts at the same address and referrals posted on coupon sites do not qualify. We may change or end the program at any time.',
        ),
    },
    {
      slug: 'return-exchange-policy',
      name: 'Return & Exchange Policy',
      description: 'Free exchanges and easy returns within 30 days.',
      html:
        section(
          'Exchanges',
          'Wrong size? Exchanges are free within 30 days of delivery. Start one from your order page and we will send a prepaid label.',
        ) +
        section(
          'Returns',
          'Unworn items with tags attached can be returned within 30 days for a refund to the original payment method. A $6 return shipping fee is deducted from refunds; exchanges and store credit are free.',
        ) +
        section('Final sale', 'Items marked Final Sale, gift cards and mystery packs cannot be returned.'),
    },
    {
      slug: 'text',
      name: 'Text Alerts',
      description: 'Get drops, restocks and deals by text.',
      html:
        `<h2>Text With Us</h2><p>Text JOIN to 55501 for first dibs on new prints, restocks and texts-only deals. Up to 6 messages a month. Message and data rates may apply. Text STOP to cancel, HELP for help.</p>` +
        section(
          'Terms',
          'Consent is not a condition of purchase. By joining you agree to receive recurring automated marketing texts at the number provided.',
        ),
    },
    {
      slug: 'golden-ticket-tc',
      name: 'Golden Ticket Terms & Conditions',
      description: 'The rules of the Golden Ticket promotion.',
      html:
        section(
          'The promotion',
          'Between now and the end of the season, 25 orders placed on the shop will be chosen at random to include a Golden Ticket redeemable for a year of free underwear: one pair a month for twelve months.',
        ) +
        section(
          'Eligibility',
          'Open to legal residents of the 50 United States and DC, 18 or older. No purchase necessary: mail a postcard with your name and address to the address on our contact page for one free entry.',
        ) +
        section('Odds', 'Odds of winning depend on the number of orders and mail-in entries received.'),
    },
    {
      slug: 'collaborations',
      name: 'Collaborations',
      description: 'Prints made with artists, bands and brands we love.',
      html:
        `<p>Some of our favourite prints were drawn by someone else. We partner with illustrators, musicians and independent brands on limited runs that never restock.</p>` +
        section(
          'Work with us',
          'Have an idea for a print? Send a portfolio to <a href="mailto:collabs@' +
            brand +
            '.test">collabs@' +
            brand +
            '.test</a>. We read everything.',
        ),
    },
    {
      slug: 'signature-series',
      name: 'Signature Series',
      description: 'Our most requested prints, redrawn and remastered.',
      html: `<h2>The Signature Series</h2><p>Ten years of prints, narrowed down to the ten The Familie voted for the most. Each one redrawn by its original artist and printed on our softest fabric yet.</p><p><a href="/shop/new">Shop the Signature Series</a></p>`,
    },
    {
      slug: 'brand-partnerships',
      name: 'Brand Partnerships',
      description: `Partner with ${site}.`,
      html: `<p>From festival merch to corporate gifting, we make custom prints for teams, events and brands in runs from 200 pieces.</p><p>Tell us about your project: <a href="mailto:partners@${brand}.test">partners@${brand}.test</a>.</p>`,
    },
    {
      slug: 'tour-merch',
      name: 'Tour Merch',
      description: 'Official tour underwear and socks.',
      html: `<p>The only merch table where the underwear outsells the tees. Limited tour prints drop a week before the first show and are gone by the encore.</p>`,
    },
    {
      slug: '4th-of-july',
      name: '4th of July',
      description: 'Star Spangled prints for the long weekend.',
      html: `<h2>Happy 4th of July</h2><p>Grill hard, dress loud. Our Star Spangled and Americana prints are back for the long weekend, in every size from 2T to 3XL.</p><p><a href="/shop?t=${encodeURIComponent(JSON.stringify(['print:Star Spangled']))}">Shop Star Spangled</a></p>`,
    },
    {
      slug: 'marketing',
      name: 'Marketing',
      description: 'Press, assets and campaign information.',
      html: `<h2>Press &amp; Marketing</h2><p>Writing about ${site}? Download logos and product shots, or reach our press team at <a href="mailto:press@${brand}.test">press@${brand}.test</a>.</p>`,
    },
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
