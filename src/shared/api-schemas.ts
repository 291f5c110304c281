/**
 * The schemas of the JSON API's answers as the web app's loaders read them (src/web/lib/load-api.server.ts), one
 * beside each type of src/shared it checks. They live apart from those modules because the browser imports the
 * modules and not the schemas, which the bundler could not leave out of them. api-schemas.test.ts checks that
 * each schema reads exactly its type.
 */
import * as z from 'zod/mini';
import { giftCardPurchaseViewSchema } from './gift-card.ts';

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

/** What POST /session-api/gift-cards/purchase answers in a 200: the purchase for its confirmation. */
export const giftCardPurchaseAnswerSchema = z.object({ data: z.object({ purchase: giftCardPurchaseViewSchema }) });

/** What POST /api/gift-cards/balance answers in a 200: the card's last four and its balance. */
export const giftCardBalanceAnswerSchema = z.object({ data: z.object({ last4: z.string(), balance: z.number() }) });
