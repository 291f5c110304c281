/**
 * Every path of the shop that code links to, redirects to or writes into a document (product urls, e-mails).
 * The route table (web/lib/navigation/route-table.ts) holds the patterns these paths match.
 */
import { orderPagePath } from './order.ts';
import type { PostKind } from './post.ts';

export const PATHS = {
  home: '/',
  shop: '/shop',
  checkout: '/checkout',
  login: '/login',
  accountCreate: '/account-create',
  accountForgot: '/account-forgot',
  account: '/account',
  accountHome: '/account/home',
  accountOrders: '/account/orders',
  accountInformation: '/account/information',
  accountAddresses: '/account/addresses',
  accountWallet: '/account/wallet',
  contact: '/contact',
  about: '/about',
  giftCards: '/giftcards',
  giftCardsInfo: '/giftcards/info',
  giftCardsCheckout: '/giftcards/checkout',
  giftCardsLogin: '/giftcards/checkout/login',
  giftCardsPayment: '/giftcards/checkout/payment',
  giftCardsCard: '/giftcards/checkout/card',
  giftCardsNewCard: '/giftcards/checkout/card/new',
  creatorApplication: '/creator-application',
  nilApplications: '/nil',
  privacyChoices: '/privacy-choices',
  terms: '/terms',
  privacy: '/privacy',
  sizeGuides: '/size-guides',
  news: '/news',
  familie: '/the-familie',
  contest: '/contest',
  orderLookup: '/order',
} as const;

/** A page of the catalogue below /shop: shopPath('men') is /shop/men. */
export const shopPath = (slug: string): string => `${PATHS.shop}/${slug}`;

/** The page of a site content slug ('shop/men' → '/shop/men'). */
export const contentPath = (slug: string): string => `/${slug}`;

/** The shop page searching for term: /shop?q=term. */
export const shopSearchPath = (term: string): string => `${PATHS.shop}?${new URLSearchParams({ q: term.trim() })}`;

export const PRODUCT_PATH_PREFIX = '/s/';

/** The product page URL: /s/{id}/{slug}. */
export const productUrl = (id: string, slug: string) => `${PRODUCT_PATH_PREFIX}${encodeURIComponent(id)}/${slug}`;

export const sizeGuidePath = (name: string) => `${PATHS.sizeGuides}/${encodeURIComponent(name)}`;

/** The brand's lifestyle posts: /{brand}-life. */
export const lifePath = (brand: string): string => `/${brand}-life`;

/** The list path of each kind of post; the brand names the lifestyle one. */
export function postListPath(kind: PostKind, brand: string): string {
  if (kind === 'life') return lifePath(brand);
  if (kind === 'familie') return PATHS.familie;
  return PATHS.news;
}

/** Which kind of post list or post a path shows, or null. */
export function postKindOfPath(pathname: string, brand: string): PostKind | null {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  if (first === PATHS.news) return 'news';
  if (first === lifePath(brand)) return 'life';
  if (first === PATHS.familie) return 'familie';
  return null;
}

export const contestPath = (slug: string): string => `${PATHS.contest}/${slug}`;

/** Where an order's shipping address is changed: /order/{id}/{hash}/update-address. */
export const orderUpdateAddressPath = (id: string, hash: string): string => `${orderPagePath(id, hash)}/update-address`;
