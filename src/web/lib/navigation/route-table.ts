/**
 * The client route table of spec section 2.1, as data: every path with its id, module, theme and flags.
 * routes.ts turns it into React Router's config; the shell reads the flags of the matched routes by id.
 */

export const THEMES = [
  'default',
  'hidden-border',
  'hidden-border-top',
  'hidden-border-bottom',
  'simple',
  'checkout',
] as const;
export type Theme = (typeof THEMES)[number];

export interface RouteFlags {
  /** The route's name (the spec names Login and Checkout; the header's overlay rule reads it). */
  name?: string;
  theme?: Theme;
  /** Guests are sent to /login, unless they move within the same route. */
  requiresAuth?: boolean;
  /** Moving to a deeper route slides the page left, to a shallower one right. */
  depth?: number;
  /** Leaving the route does a full browser navigation. */
  fullReload?: boolean;
  /** The scroll position is kept and restored when coming back. */
  restoreScroll?: boolean;
}

export interface RouteEntry extends RouteFlags {
  id: string;
  /** The path relative to its parent; undefined for an index route. */
  path?: string;
  file: string;
  children?: RouteEntry[];
}

export const DEFAULT_BRAND = 'acme';

const content = (id: string, path: string, flags: RouteFlags = {}): RouteEntry => ({
  id,
  path,
  file: 'routes/content-page.tsx',
  ...flags,
});

/** A path that only redirects (navigation/redirects.ts says where). */
const redirect = (id: string, path: string | undefined): RouteEntry => ({
  id,
  ...(path === undefined ? {} : { path }),
  file: 'routes/redirect.tsx',
});

export function routeTable(brand: string): RouteEntry[] {
  return [
    {
      id: 'default-layout',
      file: 'routes/default-layout.tsx',
      children: [
        { id: 'home', file: 'routes/home.tsx', theme: 'hidden-border', depth: 0 },
        content('about', 'about', { theme: 'hidden-border' }),
        content('privacy', 'privacy'),
        content('privacy-choices', 'privacy-choices'),
        content('terms', 'terms'),
        content('referral-terms', 'referral-terms'),
        { id: 'account-create', path: 'account-create', file: 'routes/account-create.tsx' },
        { id: 'account-forgot', path: 'account-forgot', file: 'routes/account-forgot.tsx' },
        { id: 'login', path: 'login', file: 'routes/login.tsx', name: 'Login' },
        { id: 'account-reset', path: 'account-reset/:customerId/:token', file: 'routes/account-reset.tsx' },
        { id: 'account-verify', path: 'account-verify/:customerId/:token', file: 'routes/account-verify.tsx' },
        {
          id: 'account',
          path: 'account',
          file: 'routes/account-layout.tsx',
          requiresAuth: true,
          depth: 1,
          children: [
            redirect('account-index', undefined),
            ...['home', 'orders', 'information', 'addresses', 'wallet'].map((child) => ({
              id: `account-${child}`,
              path: child,
              file: `routes/account-${child}.tsx`,
              requiresAuth: true,
              depth: 2,
            })),
          ],
        },
        { id: 'checkout', path: 'checkout', file: 'routes/checkout.tsx', name: 'Checkout', theme: 'checkout' },
        {
          id: 'checkout-success',
          path: 'checkout-success/:id/:hash',
          file: 'routes/checkout-success.tsx',
          theme: 'default',
          fullReload: true,
        },
        redirect('contest-index', 'contest'),
        redirect('contest-enter-in', 'contest/enter-in/:slug'),
        content('contest', 'contest/:slug', { depth: 1 }),
        content('contest-terms', 'contest/:slug/terms', { depth: 2 }),
        redirect('ultimate', 'ultimate'),
        content('creator-application', 'creator-application'),
        content('creator-application-complete', 'creator-application/complete'),
        content('creator-application-terms', 'creator-application/terms'),
        content('dealer-application', 'dealer-application'),
        content('dealer-application-complete', 'dealer-application/complete'),
        content('dealer-application-terms', 'dealer-application/terms'),
        content('nil', 'nil'),
        content('nil-complete', 'nil/complete'),
        content('nil-terms', 'nil/terms'),
        { id: 'nil-size-guide', path: 'nil/size-guide', file: 'routes/size-guides.tsx' },
        { id: 'life', path: `${brand}-life`, file: 'routes/posts.tsx', depth: 1, restoreScroll: true },
        { id: 'life-post', path: `${brand}-life/:slug`, file: 'routes/post.tsx', depth: 2 },
        content('runner', `${brand}-runner`, { theme: 'simple', fullReload: true }),
        { id: 'giftcards', path: 'giftcards', file: 'routes/gift-cards.tsx', theme: 'hidden-border' },
        { id: 'giftcards-info', path: 'giftcards/info', file: 'routes/gift-card-info.tsx' },
        {
          id: 'giftcards-checkout',
          path: 'giftcards/checkout',
          file: 'routes/gift-card-checkout.tsx',
          theme: 'checkout',
          children: [
            { id: 'giftcards-checkout-details', file: 'routes/gift-card-details.tsx', theme: 'checkout' },
            { id: 'giftcards-checkout-login', path: 'login', file: 'routes/gift-card-sign-in.tsx', theme: 'checkout' },
            {
              id: 'giftcards-checkout-payment',
              path: 'payment',
              file: 'routes/gift-card-payment.tsx',
              theme: 'checkout',
            },
            { id: 'giftcards-checkout-card', path: 'card', file: 'routes/gift-card-card.tsx', theme: 'checkout' },
            {
              id: 'giftcards-checkout-card-new',
              path: 'card/new',
              file: 'routes/gift-card-new-card.tsx',
              theme: 'checkout',
            },
          ],
        },
        content('marketing', 'marketing'),
        { id: 'news', path: 'news', file: 'routes/posts.tsx', depth: 1, restoreScroll: true },
        { id: 'news-post', path: 'news/:slug', file: 'routes/post.tsx', depth: 2 },
        { id: 'order', path: 'order/:id/:hash', file: 'routes/order.tsx', depth: 2 },
        {
          id: 'order-update-address',
          path: 'order/:id/:hash/update-address',
          file: 'routes/order-update-address.tsx',
          depth: 3,
        },
        { id: 'order-lookup', path: 'order', file: 'routes/order-lookup.tsx', depth: 1 },
        { id: 'order-failed-cancellation', path: 'order/failed-cancellation', file: 'routes/order-problem.tsx' },
        { id: 'order-failed-address-change', path: 'order/failed-address-change', file: 'routes/order-problem.tsx' },
        { id: 'shop', path: 'shop/*', file: 'routes/shop.tsx', depth: 1, restoreScroll: true },
        { id: 'product', path: 's/:id/*', file: 'routes/product.tsx', depth: 2 },
        redirect('size-charts', 'size-charts'),
        { id: 'size-guides', path: 'size-guides', file: 'routes/size-guides.tsx', depth: 1 },
        { id: 'size-guide', path: 'size-guides/:sizeGuideName', file: 'routes/size-guide.tsx', depth: 2 },
        redirect('familie', 'familie'),
        redirect('familie-post', 'familie/:slug'),
        { id: 'familie-list', path: 'the-familie', file: 'routes/posts.tsx', depth: 1, restoreScroll: true },
        { id: 'familie-post-page', path: 'the-familie/:slug', file: 'routes/post.tsx', depth: 2 },
        { id: 'careers', path: 'careers', file: 'routes/external.tsx' },
        { id: 'music', path: 'music/*', file: 'routes/external.tsx' },
        content('contact', 'contact'),
        content('text', 'text'),
        content('golden-ticket-tc', 'golden-ticket-tc'),
        content('preview-blocks', 'preview-blocks'),
        ...[
          'collaborations',
          'signature-series',
          'brand-partnerships',
          'tour-merch',
          '4th-of-july',
          'return-exchange-policy',
        ].map((slug) => content(slug, slug)),
        // The catch-all comes last: any other path is the not-found page.
        { id: 'not-found', path: '*', file: 'routes/not-found.tsx' },
      ],
    },
    // Not a page: the action of a form every page shows, which the browser posts to before the app has started.
    { id: 'footer-signup', path: 'forms/footer-signup', file: 'routes/footer-signup.ts' },
    {
      id: 'blank-layout',
      file: 'routes/blank-layout.tsx',
      children: [content('preview-block-html', 'preview-block-html')],
    },
  ];
}

/** The flags of every route by id, for the shell to read from the matched routes. */
export function routeFlagsById(brand: string): Map<string, RouteFlags> {
  const flags = new Map<string, RouteFlags>();
  const visit = (entries: RouteEntry[]) =>
    entries.forEach(({ children, ...entry }) => {
      flags.set(entry.id, entry);
      if (children) visit(children);
    });
  visit(routeTable(brand));
  return flags;
}
