/**
 * The suggested_products curation rule behind the home and not-found "Recommended For You" strip (spec 2.5 and
 * 7: q '*', override tag suggested_products, sort availability:asc,default_position:asc, limit 24).
 *
 * The rule pins, in order, up to 24 products that can be bought, have a primary image and are listed on
 * catalogue pages (a length that is not listed shows as a variant of the listed one): the products of the
 * Curated Product block with slug 'suggested-products' when the shop has one (the merchant's own picks),
 * otherwise the 'Best Seller'-badged products by default position. Its filter keeps every other hit to such
 * products too, so the query's own order fills the strip after the pins. The indexer reads the pins again
 * whenever a candidate changes, so a sold-out pick gives its place to the next one.
 */
import type { ExpressionBuilder } from 'kysely';
import { RECOMMENDATION_STRIP_SIZE } from '../../../shared/constants.ts';
import { SUGGESTED_PRODUCTS_TAG } from '../../../shared/site-search.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export const SUGGESTED_PRODUCTS_OVERRIDE_ID = 'suggested-products';
export const SUGGESTED_PRODUCTS_BLOCK_SLUG = 'suggested-products';
export const SUGGESTED_BADGE_TEXT = 'Best Seller';

export interface SuggestedProductsOverride {
  rule: { tags: string[] };
  includes: Array<{ id: string; position: number }>;
  filter_by: string;
  filter_curated_hits: boolean;
  remove_matched_tokens: boolean;
}

export interface Suggestions {
  /** The products whose change can change the pins: the curated block's, or the best sellers. */
  candidates: ReadonlySet<string>;
  /** The pinned product ids, in order. */
  pinned: string[];
}

/** What the override's filter_by asks of the search documents, asked of the database. */
const canBeSuggested = (eb: ExpressionBuilder<Database, 'products'>) =>
  eb.and([
    eb('products.show_on_plp', '=', 1),
    eb.exists(
      eb
        .selectFrom('skus')
        .select('skus.sku')
        .whereRef('skus.product_id', '=', 'products.id')
        .where('skus.qty', '>', 0),
    ),
    eb.exists(
      eb
        .selectFrom('product_images')
        .select('product_images.id')
        .whereRef('product_images.product_id', '=', 'products.id')
        .where('product_images.role', '=', 'primary'),
    ),
  ]);

export async function readSuggestions(db: Db): Promise<Suggestions> {
  const curated = await db
    .selectFrom('curated_block_products')
    .innerJoin('content_blocks', 'content_blocks.id', 'curated_block_products.block_id')
    .innerJoin('products', 'products.id', 'curated_block_products.product_id')
    .select(['curated_block_products.product_id', (eb) => canBeSuggested(eb).as('eligible')])
    .where('content_blocks.slug', '=', SUGGESTED_PRODUCTS_BLOCK_SLUG)
    .where('content_blocks.block_type', '=', 'Curated Product')
    .orderBy('curated_block_products.position')
    .execute();
  if (curated.length > 0) {
    return {
      candidates: new Set(curated.map((row) => row.product_id)),
      pinned: curated
        .filter((row) => Boolean(row.eligible))
        .slice(0, RECOMMENDATION_STRIP_SIZE)
        .map((row) => row.product_id),
    };
  }
  const bestSellers = db
    .selectFrom('products')
    .select('products.id')
    .where('products.badge_text', '=', SUGGESTED_BADGE_TEXT);
  const [candidates, pinned] = await Promise.all([
    bestSellers.execute(),
    bestSellers
      .where(canBeSuggested)
      .orderBy('products.default_position')
      .orderBy('products.id')
      .limit(RECOMMENDATION_STRIP_SIZE)
      .execute(),
  ]);
  return { candidates: new Set(candidates.map((row) => row.id)), pinned: pinned.map((row) => row.id) };
}

export function suggestedProductsOverride(pinnedIds: readonly string[]): SuggestedProductsOverride {
  return {
    rule: { tags: [SUGGESTED_PRODUCTS_TAG] },
    includes: pinnedIds.map((id, index) => ({ id, position: index + 1 })),
    filter_by: 'is_in_stock:true && has_primary_image:true && show_on_plp:true',
    filter_curated_hits: true,
    remove_matched_tokens: false,
  };
}
