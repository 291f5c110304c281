/** The product endpoint under /api: one product document (spec sections 2.1, 3 and 7). */
import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { imageRefSchema } from './shared-schemas.ts';

const skuSchema = z.object({ sku: z.string(), size: z.string(), style_id: z.string(), qty: z.number() });

/** The product document of spec section 3, as the product page and the product blocks of site content read it. */
export const productDocumentSchema = z.object({
  id: z.string(),
  _id: z.string(),
  style_id: z.string(),
  name: z.string(),
  fit: z.string(),
  subcategory: z.string(),
  url: z.string(),
  description: z.string(),
  price: z.number(),
  sale_price: z.nullable(z.number()),
  is_in_stock: z.boolean(),
  total_quantity: z.number(),
  max_cart_qty: z.number(),
  final_sale: z.boolean(),
  badge_text: z.nullable(z.string()),
  badge_class: z.nullable(z.string()),
  badge_icon: z.nullable(z.string()),
  primary_image: z.nullable(imageRefSchema),
  secondary_image: z.nullable(imageRefSchema),
  color_image: z.nullable(imageRefSchema),
  images: z.array(
    z.extend(imageRefSchema, {
      filters: z.array(
        z.object({
          compare: z.enum(['contains', 'does_not_contain']),
          tags: z.array(z.string()),
          display_tags: z.array(z.string()),
          type: z.enum(['default', 'gallery']),
        }),
      ),
      enabled: z.boolean(),
    }),
  ),
  page_block_slugs: z.array(z.string()),
  show_on_plp: z.boolean(),
  availability: z.string(),
  default_position: z.number(),
  skus: z.array(skuSchema),
  variant_name: z.nullable(z.string()),
  variants: z.array(
    z.object({
      _id: z.string(),
      variant_name: z.string(),
      url: z.string(),
      price: z.number(),
      sale_price: z.nullable(z.number()),
      is_in_stock: z.boolean(),
      total_quantity: z.number(),
      skus: z.array(skuSchema),
    }),
  ),
  swatch_products: z.array(
    z.object({
      _id: z.string(),
      style_id: z.string(),
      name: z.string(),
      url: z.string(),
      color_image: z.nullable(imageRefSchema),
    }),
  ),
  size_chart_name: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  facets: z.record(z.string(), z.array(z.string())),
  updated_at: z.number(),
  created_at: z.number(),
  units_sold: z.number(),
});

/** One product by its id; a malformed id is the same 404 as an unknown one. */
export const productEndpoint = endpoint({
  method: 'GET',
  path: '/api/products/:id',
  params: z.object({ id: z.string() }),
  data: productDocumentSchema,
});
