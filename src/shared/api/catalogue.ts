/** The catalogue's endpoints under /api: a shop path's catalogue page, and the search config (spec section 7). */
import * as z from 'zod/mini';
import { normalizeShopPath } from '../catalogue-search/shop-url.ts';
import { endpoint } from './endpoint.ts';

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

/** A catalogue page with its Product and Curated Product blocks and their facet trees (counts 0). */
const cataloguePageSchema = z.object({
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

/**
 * The catalogue page of a shop path (or of its nearest parent, the rest of the path read as selected tags). The
 * path is read as the shop reads its address: lower case, without a trailing slash.
 */
export const cataloguePageEndpoint = endpoint({
  method: 'GET',
  path: '/api/page',
  query: z.object({
    path: z.pipe(
      z.pipe(z.string().check(z.maxLength(300)), z.transform(normalizeShopPath)),
      z.string().check(z.regex(/^\/shop(\/[a-z0-9][a-z0-9-]{0,80}){0,8}$/, 'path is not a shop path')),
    ),
  }),
  data: cataloguePageSchema,
});

/**
 * The products collection's attributes (the searchable ones in query_by order) and its facet group fields in the
 * filter sidebar's order, which the search client reads before its first search.
 */
export const searchConfigEndpoint = endpoint({
  method: 'GET',
  path: '/api/typesense-config',
  data: z.object({
    attributes: z.array(z.object({ name: z.string(), searchable: z.boolean() })),
    facet_ordering: z.array(z.string()),
  }),
});
