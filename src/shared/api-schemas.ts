/**
 * The schemas of the JSON API's answers as the web app's loaders read them (src/web/lib/load-api.server.ts), one
 * beside each type of src/shared it checks. They live apart from those modules because the browser imports the
 * modules and not the schemas, which the bundler could not leave out of them. api-schemas.test.ts checks that
 * each schema reads exactly its type.
 */
import * as z from 'zod/mini';
import { productDocumentSchema } from './api/products.ts';
import { imageRefSchema } from './api/shared-schemas.ts';
import { BLOCK_TYPES } from './content.ts';
import { giftCardPurchaseViewSchema } from './gift-card.ts';
import { POST_KINDS } from './post.ts';

const mediaItemSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  title: z.string(),
  hex: z.nullable(z.string()),
  media_type: z.enum(['Video', 'Video_Controls', 'iFrame', 'image']),
  poster: z.nullable(z.string()),
  href: z.nullable(z.string()),
  content: z.nullable(z.string()),
  content_style: z.nullable(z.string()),
  duration: z.nullable(z.number()),
  placeholderSrc: z.nullable(z.string()),
});

const breakpointSchema = z.enum(['all', 'mobile', 'desktop']);

const contentBlockSchema = z.object({
  _id: z.string(),
  block_type: z.enum(BLOCK_TYPES),
  name: z.string(),
  slug: z.nullable(z.string()),
  breakpoint: breakpointSchema,
  container_class: z.string(),
  container_style: z.string(),
  images: z.array(mediaItemSchema),
  fields: z.array(z.string()),
  configuration: z.array(z.object({ id: z.string(), text: z.string(), url: z.string() })),
  content: z.string(),
  form_id: z.nullable(z.string()),
  get blocks(): z.ZodMiniArray<typeof contentBlockSchema> {
    return z.array(contentBlockSchema);
  },
  auto_advance: z.boolean(),
  pagination_arrows: z.boolean(),
  indicator_type: z.nullable(z.string()),
  product_tags: z.array(z.string()),
  product_images: z.array(
    z.object({
      url: z.string(),
      href: z.string(),
      rect: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      image_style: z.string(),
      content: z.string(),
      content_style: z.string(),
      breakpoint_type: breakpointSchema,
    }),
  ),
  productData: z.object({
    products: z.array(productDocumentSchema),
    total: z.number(),
    offset: z.number(),
    closed: z.boolean(),
  }),
});

const siteContentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  blocks: z.array(contentBlockSchema),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
});

/** What GET /api/site-content/get/{slug} answers in data: the page's content, or null when it has none. */
export const siteContentResponseSchema = z.nullable(siteContentSchema);

const postSummaryShape = {
  _id: z.string(),
  kind: z.enum(POST_KINDS),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: z.nullable(imageRefSchema),
  published_at: z.string(),
};

/** What GET /api/posts/{kind}/{slug} answers in data. */
export const postSchema = z.object({ ...postSummaryShape, content: z.string() });

/** What GET /api/posts answers in data: a page of the list. */
export const postListSchema = z.object({
  posts: z.array(z.object(postSummaryShape)),
  total: z.number(),
  offset: z.number(),
});

const facetTreeNodeSchema = z.object({
  tag: z.object({
    _id: z.string(),
    name: z.string(),
    display_name: z.string(),
    group: z.string(),
    icon_in_nav: z.nullable(z.string()),
  }),
  count: z.number(),
  get children(): z.ZodMiniArray<typeof facetTreeNodeSchema> {
    return z.array(facetTreeNodeSchema);
  },
  url: z.string(),
  cadFilterUrl: z.nullable(z.string()),
});

/** What GET /api/page answers in data. */
export const cataloguePageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  selected: z.array(z.string()),
  blocks: z.array(
    z.object({
      _id: z.string(),
      block_type: z.enum(['Product', 'Curated Product']),
      name: z.string(),
      slug: z.string(),
      product_tags: z.array(z.string()),
      facets: z.array(facetTreeNodeSchema),
    }),
  ),
});

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
    gift_card_denominations: z.array(z.number()),
    careers_url: z.string(),
    music_url: z.string(),
    product_delivery_note: z.string(),
    product_returns_note: z.string(),
  }),
  z.looseRecord(z.templateLiteral([z.string(), z.enum(['_logo', '_logo_dark'])]), imageRefSchema),
);

/** What POST /session-api/gift-cards/purchase answers in a 200: the purchase for its confirmation. */
export const giftCardPurchaseAnswerSchema = z.object({ data: z.object({ purchase: giftCardPurchaseViewSchema }) });

/** What POST /api/gift-cards/balance answers in a 200: the card's last four and its balance. */
export const giftCardBalanceAnswerSchema = z.object({ data: z.object({ last4: z.string(), balance: z.number() }) });
