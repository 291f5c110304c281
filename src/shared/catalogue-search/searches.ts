/** The one multi_search a page view runs (spec 7): a product query per listed block, a facet query per facet group. */
import { DEFAULT_SHOP_SORT, sortByOf, type ShopSort } from '../catalogue-sort.ts';
import { MAX_FACET_VALUES, SHOP_ITEMS_PER_PAGE, SHOP_PAGE_DEFAULT } from '../constants.ts';
import { PRODUCTS_COLLECTION } from '../site-search.ts';
import { facetBlock, facetFieldsOf, type CatalogueBlock, type CataloguePage } from './catalogue-page.ts';
import { facetCountFilter, listingFilter } from './filters.ts';
import { pageOffset } from './shop-url.ts';

/** One search of the multi_search body, in the search service's parameter names. */
export interface CatalogueSearchParams {
  collection: string;
  q: string;
  query_by: string;
  filter_by: string;
  sort_by?: string;
  limit?: number;
  offset?: number;
  facet_by?: string;
  max_facet_values?: number;
  per_page?: number;
  exclude_fields?: string;
}

export interface CatalogueQuery {
  /** The blocks whose products to load, each from its own offset. */
  blocks: ReadonlyArray<{ slug: string; offset: number }>;
  /** The block whose products the facet counts describe; null: no facet queries. */
  facetSlug: string | null;
  facetFields: readonly string[];
  tags: readonly string[];
  q: string;
  /** query_by from the search config (site-search.ts queryBy). */
  queryBy: string;
  /** The products' order; Featured when left out. */
  sort?: ShopSort;
  limit?: number;
}

/**
 * What a list leaves out of each product: the index's sorting and filtering keys. Sixty products to a page,
 * every byte counts twice: in the page and again in its loader data.
 */
const UNREAD_DOCUMENT_FIELDS = [
  'page_block_slugs',
  'show_on_plp',
  'availability',
  'default_position',
  'updated_at',
  'created_at',
  'units_sold',
  'selling_price',
  'has_primary_image',
];

/**
 * The multi_search body of spec 7: one product query per block (limit = shop items per page, from the block's
 * offset), then one facet query per facet group, filtered by the other groups' selections.
 */
export function catalogueSearches(query: CatalogueQuery): CatalogueSearchParams[] {
  const q = query.q.trim() || '*';
  const excluded = UNREAD_DOCUMENT_FIELDS.join(',');
  const products = query.blocks.map(({ slug, offset }): CatalogueSearchParams => ({
    collection: PRODUCTS_COLLECTION,
    q,
    query_by: query.queryBy,
    filter_by: listingFilter(slug, query.tags),
    sort_by: sortByOf(query.sort ?? DEFAULT_SHOP_SORT),
    limit: query.limit ?? SHOP_ITEMS_PER_PAGE,
    offset,
    exclude_fields: excluded,
  }));
  const facetSlug = query.facetSlug;
  const facets =
    facetSlug === null
      ? []
      : query.facetFields.map((field): CatalogueSearchParams => ({
          collection: PRODUCTS_COLLECTION,
          q,
          query_by: query.queryBy,
          filter_by: facetCountFilter(facetSlug, query.tags, field),
          facet_by: field,
          max_facet_values: MAX_FACET_VALUES,
          per_page: 0,
        }));
  return [...products, ...facets];
}

/**
 * The blocks a view lists: hand-picked blocks only on the plain first page, since picks are no answer to a
 * filter, a search or a later page.
 */
export function listedBlocks(
  page: Pick<CataloguePage, 'blocks'>,
  filtering: boolean,
  pageNumber: number,
): CatalogueBlock[] {
  const plain = !filtering && pageNumber === SHOP_PAGE_DEFAULT;
  return page.blocks.filter((block) => plain || block.block_type === 'Product');
}

/** The multi_search of a page view: its listed blocks from page p's offset in its order, counts for its facet block. */
export function pageCatalogueQuery(
  page: Pick<CataloguePage, 'blocks'>,
  view: { selection: readonly string[]; q: string; page: number; sort?: ShopSort; queryBy: string },
): CatalogueQuery {
  const offset = pageOffset(view.page);
  // Picks are in the merchandiser's order, so another order lists only the Product blocks too.
  const filtering =
    view.selection.length > 0 || view.q !== '' || (view.sort ?? DEFAULT_SHOP_SORT) !== DEFAULT_SHOP_SORT;
  return {
    blocks: listedBlocks(page, filtering, view.page).map((block) => ({ slug: block.slug, offset })),
    facetSlug: facetBlock(page)?.slug ?? null,
    facetFields: facetFieldsOf(page),
    tags: view.selection,
    q: view.q,
    queryBy: view.queryBy,
    sort: view.sort,
  };
}
