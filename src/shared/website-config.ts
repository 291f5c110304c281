/** The website config as GET /api/website-config returns it (spec section 3): snake_case fields. */

export interface Logo {
  url: string;
  width: number;
  height: number;
}

/** Node visibility: shown in both navigations, only the side drawer, or only the top bar. */
export type NavigationVisibility = 'All' | 'Sidenav' | 'Topnav';

export interface NavigationNode {
  _id: string;
  name: string;
  slug: string;
  url: string | null;
  /** The #nav hash that opens this node in the side navigation: nav, then ids joined by colons. */
  hash: string;
  visibility: NavigationVisibility;
  children: NavigationNode[];
}

export interface SitewideMessage {
  /** May hold the countdown placeholder COUNTDOWN_PLACEHOLDER. */
  message: string;
  message_start: string;
  message_end: string;
}

export interface WebsiteConfigFields {
  site_name: string;
  tagline: string;
  order_confirmation_text: string;
  sitewide_message_class: string;
  sitewide_message_text_class: string;
  sitewide_message_rotation_ms: number;
  sitewide_messages: SitewideMessage[];
  navigation: NavigationNode[];
  shipping_message_cart_modal_remaining_text: string;
  shipping_message_cart_modal_free_shipping_text: string;
  domestic_free_shipping_amount: number;
  shop_items_per_page: number;
  support_email: string;
  support_phone: string;
  support_display_phone: string;
  promo_gift_card_rate_per_fifty: number;
  promo_store_credit: boolean;
  /** The amounts the gift card page offers besides a custom one, in whole dollars within the limits (shared/gift-card.ts). */
  gift_card_denominations: number[];
  careers_url: string;
  music_url: string;
  /** The product page's delivery note, under Add to Bag; empty: none. */
  product_delivery_note: string;
  /** The product page's returns note, under the delivery note; empty: none. */
  product_returns_note: string;
}

/** The light- and dark-theme logos carry the brand as prefix: `{brand}_logo` and `{brand}_logo_dark`. */
export type BrandLogos = { [logoField: `${string}_logo` | `${string}_logo_dark`]: Logo };

export type WebsiteConfig = WebsiteConfigFields & BrandLogos;

/**
 * The website config every page carries: all of it but the navigation tree (some 18 kB of JSON, 2 kB
 * compressed, in every document), which only the side navigation draws and fetches with its code.
 */
export type PageWebsiteConfig = Omit<WebsiteConfigFields, 'navigation'> & BrandLogos;

export function pageWebsiteConfig({ navigation: _navigation, ...config }: WebsiteConfig): PageWebsiteConfig {
  return config;
}

export const COUNTDOWN_PLACEHOLDER = '{countdown}';

export function brandLogos(
  config: PageWebsiteConfig,
  brand: string,
): { light: Logo | undefined; dark: Logo | undefined } {
  return { light: config[`${brand}_logo`], dark: config[`${brand}_logo_dark`] };
}
