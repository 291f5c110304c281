/** The website config endpoint (spec sections 3 and 7). */
import * as z from 'zod/mini';
import type { WebsiteConfig } from '../website-config.ts';
import { endpoint } from './endpoint.ts';
import { imageRefSchema } from './shared-schemas.ts';

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

/**
 * The website config: its fields, and beside them the brand's logos (`{brand}_logo`, `{brand}_logo_dark`), which
 * are every other key. A catchall rather than an intersection with a record of template-literal keys: the
 * browser's side navigation carries this schema, and those would add 2 kB to the script every page loads.
 */
const websiteConfigSchema: z.ZodMiniType<WebsiteConfig> = z.catchall(
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
    gift_card_denominations: z.array(z.number()),
    careers_url: z.string(),
    music_url: z.string(),
    product_delivery_note: z.string(),
    product_returns_note: z.string(),
  }),
  imageRefSchema,
);

/** Read by every page (its header, footer and messages) and by the side navigation in the browser. */
export const websiteConfigEndpoint = endpoint({
  method: 'GET',
  path: '/api/website-config',
  data: websiteConfigSchema,
});
