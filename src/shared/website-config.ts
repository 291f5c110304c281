/** The website config as GET /api/website-config returns it (spec section 3): snake_case fields. */
import * as z from 'zod/mini';

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
  careers_url: string;
  music_url: string;
}

/** The light- and dark-theme logos carry the brand as prefix: `{brand}_logo` and `{brand}_logo_dark`. */
export type BrandLogos = { [logoField: `${string}_logo` | `${string}_logo_dark`]: Logo };

export type WebsiteConfig = WebsiteConfigFields & BrandLogos;

const logoSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

const navigationNodeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.nullable(z.string()),
  hash: z.string(),
  visibility: z.enum(['All', 'Sidenav', 'Topnav']),
  get children(): z.ZodMiniArray<typeof navigationNodeSchema> {
    return z.array(navigationNodeSchema);
  },
});

/** What GET /api/website-config answers in data: the fields, and the brand's logos beside them. */
export const websiteConfigSchema = z.intersection(
  z.object({
    site_name: z.string(),
    tagline: z.string(),
    order_confirmation_text: z.string(),
    sitewide_message_class: z.string(),
    sitewide_message_text_class: z.string(),
    sitewide_message_rotation_ms: z.number(),
    sitewide_messages: z.array(z.object({ message: z.string(), message_start: z.string(), message_end: z.string() })),
    navigation: z.array(navigationNodeSchema),
    shipping_message_cart_modal_remaining_text: z.string(),
    shipping_message_cart_modal_free_shipping_text: z.string(),
    domestic_free_shipping_amount: z.number(),
    shop_items_per_page: z.number(),
    support_email: z.string(),
    support_phone: z.string(),
    support_display_phone: z.string(),
    promo_gift_card_rate_per_fifty: z.number(),
    promo_store_credit: z.boolean(),
    careers_url: z.string(),
    music_url: z.string(),
  }),
  z.looseRecord(z.templateLiteral([z.string(), z.enum(['_logo', '_logo_dark'])]), logoSchema),
);

export const COUNTDOWN_PLACEHOLDER = '{countdown}';

export function brandLogos(config: WebsiteConfig, brand: string): { light: Logo | undefined; dark: Logo | undefined } {
  return { light: config[`${brand}_logo`], dark: config[`${brand}_logo_dark`] };
}
