/**
 * What search engines are told about the shop: which site content slugs are pages of their own (the sitemap lists
 * them), which paths they may not crawl (robots.txt), and the one address of a page (its canonical link).
 */
import { PATHS } from './paths.ts';
import { SEARCH_PATH } from './load-context.ts';

export const ROBOTS_PATH = '/robots.txt';
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * The site content slugs the content page route serves as indexable pages, besides home and the catalogue (whose
 * slugs begin with shop). `:slug` stands for one path segment, `{brand}` for the brand. Form confirmations and the
 * editors' previews are left out. route-table.test.ts holds this list to the route table.
 */
export const CONTENT_PAGE_SLUGS = [
  'about',
  'privacy',
  'privacy-choices',
  'terms',
  'referral-terms',
  'contest/:slug',
  'contest/:slug/terms',
  'creator-application',
  'creator-application/terms',
  'dealer-application',
  'dealer-application/terms',
  'nil',
  'nil/terms',
  '{brand}-runner',
  'marketing',
  'contact',
  'text',
  'golden-ticket-tc',
  'collaborations',
  'signature-series',
  'brand-partnerships',
  'tour-merch',
  '4th-of-july',
  'return-exchange-policy',
] as const;

/** Whether a site content slug is a page of its own that search engines may list (see CONTENT_PAGE_SLUGS). */
export function isContentPageSlug(slug: string, brand: string): boolean {
  const segments = slug.split('/');
  return CONTENT_PAGE_SLUGS.some((pattern) => {
    const parts = pattern.replace('{brand}', brand).split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) =>
        part === ':slug' ? /^[a-z0-9-]+$/.test(segments[index] ?? '') : part === segments[index],
      )
    );
  });
}

/** Whether a site content slug is a catalogue page: /shop and the pages below it. */
export const isCataloguePageSlug = (slug: string): boolean => slug === 'shop' || slug.startsWith('shop/');

/**
 * The path prefixes crawlers are asked to leave alone: the pages kept out of search engines (noindex: account
 * pages, sign-in, checkout and its confirmation, an order's pages, gift card checkout), the APIs and the editors'
 * previews. A prefix matches every path that begins with it, so /account also keeps out /account-create and
 * /checkout keeps out /checkout-success; /order/ leaves the order lookup page at /order crawlable.
 */
export const CRAWLER_DISALLOWED_PATHS = [
  PATHS.account,
  PATHS.login,
  PATHS.checkout,
  PATHS.giftCardsCheckout,
  `${PATHS.orderLookup}/`,
  '/api/',
  '/session-api/',
  '/admin-api/',
  `${SEARCH_PATH}/`,
  '/forms/',
  '/preview-blocks',
  '/preview-block-html',
] as const;

/**
 * A page's own address on the shop's public origin: its path without a trailing slash (/news/ is /news) and the
 * query that names it, if any. The path is set rather than parsed, so //host/ stays a path instead of a host.
 */
export function canonicalUrl(pathname: string, publicUrl: string, search = ''): string {
  const url = new URL(publicUrl);
  url.pathname = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : '/';
  url.search = search;
  url.hash = '';
  return url.href;
}
