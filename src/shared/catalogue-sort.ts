/**
 * The shop's sort orders (issue C2, item 10): what query sort may name, and the search service's sort_by of each.
 * Featured is spec 7's order and the default, which the address leaves out; a value the shop does not know is
 * read as Featured, never as an error.
 */
import { PRODUCT_SORT } from './site-search.ts';

export const SHOP_SORTS = ['featured', 'newest', 'price-asc', 'price-desc', 'best-sellers'] as const;

export type ShopSort = (typeof SHOP_SORTS)[number];

export const DEFAULT_SHOP_SORT: ShopSort = 'featured';

/** The query parameter holding the sort: /shop/men?sort=newest. */
export const SORT_PARAM = 'sort';

/**
 * sort_by of each order, on the products collection's sortable fields. Every order lists what can be bought
 * first, as Featured does, so the cheapest or newest product a shopper sees is one they can have; ties keep the
 * merchandiser's order, so paging through products of one price or one day is stable.
 */
const SORT_BY: Record<ShopSort, string> = {
  featured: PRODUCT_SORT,
  newest: 'availability:asc,created_at:desc,default_position:asc',
  // selling_price is what the tile sells for: the sale price when it is lower.
  'price-asc': 'availability:asc,selling_price:asc,default_position:asc',
  'price-desc': 'availability:asc,selling_price:desc,default_position:asc',
  'best-sellers': 'availability:asc,units_sold:desc,default_position:asc',
};

export const isShopSort = (value: string): value is ShopSort => (SHOP_SORTS as readonly string[]).includes(value);

/** Query sort: one of SHOP_SORTS, anything else (or nothing) Featured. */
export const parseSortParam = (raw: string | null): ShopSort =>
  raw !== null && isShopSort(raw) ? raw : DEFAULT_SHOP_SORT;

/** The product query's sort_by for an order. */
export const sortByOf = (sort: ShopSort): string => SORT_BY[sort];
