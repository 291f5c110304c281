/**
 * The site search's rules (spec 2.4, 4, 5, 7 and 9): when typed text searches, the products search row's
 * parameters, the recommendation query of the not-found strip, and what a result shows.
 */
import {
  LOW_STOCK_BELOW,
  RECOMMENDATION_STRIP_SIZE,
  SEARCH_MIN_CHARACTERS,
  SEARCH_SUGGESTIONS_PAGE_SIZE,
  VIEW_ALL_MATCHES_ABOVE,
} from './constants.ts';
import type { ProductDocument } from './product.ts';

export const PRODUCTS_COLLECTION = 'products';

/** The override tag the merchant's suggested products carry. */
export const SUGGESTED_PRODUCTS_TAG = 'suggested_products';

/** What can be bought first, then the merchandiser's order. */
export const PRODUCT_SORT = 'availability:asc,default_position:asc';

/** One attribute of the search config (GET /api/typesense-config): a document field, and whether text search reads it. */
export interface SearchAttribute {
  name: string;
  searchable: boolean;
}

/** The searchable attribute names joined by commas, or every field (*) when the config names none. */
export function queryBy(attributes: readonly SearchAttribute[]): string {
  const names = attributes.filter((attribute) => attribute.searchable).map((attribute) => attribute.name);
  return names.length ? names.join(',') : '*';
}

/** The search parameters the site search and the recommendation strip send (a subset of Typesense's). */
export interface ProductSearchParams {
  q: string;
  query_by?: string;
  sort_by: string;
  prioritize_exact_match?: boolean;
  prioritize_token_position?: boolean;
  limit: number;
  filter_by?: string;
  facet_by?: string;
  override_tags?: string;
  include_fields?: string;
}

/**
 * The products search row of spec 7: what the overlay sends for the typed text. filterBy is what a search of
 * /shop counts (catalogue-search/filters.ts shopSearchFilter), so the overlay finds what the shop page lists.
 */
export function productSearchParams(
  term: string,
  attributes: readonly SearchAttribute[],
  filterBy: string | null,
): ProductSearchParams {
  return {
    q: term.trim(),
    query_by: queryBy(attributes),
    sort_by: PRODUCT_SORT,
    prioritize_exact_match: true,
    prioritize_token_position: true,
    limit: SEARCH_SUGGESTIONS_PAGE_SIZE,
    ...(filterBy ? { filter_by: filterBy } : {}),
    facet_by: '*',
  };
}

/** The fields a recommendation card shows: the strip reads nothing else. */
export const RECOMMENDATION_FIELDS = [
  '_id',
  'name',
  'fit',
  'url',
  'price',
  'sale_price',
  'is_in_stock',
  'total_quantity',
  'badge_text',
  'badge_class',
  'primary_image',
] as const satisfies readonly (keyof ProductDocument)[];

export type RecommendedProduct = Pick<ProductDocument, (typeof RECOMMENDATION_FIELDS)[number]>;

/** The recommendation query of spec 7: the suggested products, what can be bought first. */
export function recommendationParams(): ProductSearchParams {
  return {
    q: '*',
    override_tags: SUGGESTED_PRODUCTS_TAG,
    sort_by: PRODUCT_SORT,
    limit: RECOMMENDATION_STRIP_SIZE,
    include_fields: RECOMMENDATION_FIELDS.join(','),
  };
}

/** The strip shows only products with a primary image (spec 2.5), at most RECOMMENDATION_STRIP_SIZE. */
export function recommendedProducts<T extends Pick<ProductDocument, 'primary_image'>>(hits: readonly T[]): T[] {
  return hits.filter((product) => Boolean(product.primary_image?.url)).slice(0, RECOMMENDATION_STRIP_SIZE);
}

/** A typed search runs only for SEARCH_MIN_CHARACTERS or more (spaces around the text do not count). */
export const searchesWhileTyping = (text: string): boolean => text.trim().length >= SEARCH_MIN_CHARACTERS;

/** 'View all N matches' shows when the total is above VIEW_ALL_MATCHES_ABOVE. */
export const showsViewAll = (found: number): boolean => found > VIEW_ALL_MATCHES_ABOVE;

/** The 'N remaining' note: a product in stock with fewer than LOW_STOCK_BELOW left; null when none shows. */
export function remainingNote(product: Pick<ProductDocument, 'is_in_stock' | 'total_quantity'>): number | null {
  const left = product.total_quantity;
  return product.is_in_stock && left > 0 && left < LOW_STOCK_BELOW ? left : null;
}
