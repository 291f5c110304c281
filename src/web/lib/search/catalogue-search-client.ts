import type { SearchClient } from 'typesense';
import { quoteFilterValue } from '../../../shared/catalogue-search/filters.ts';
import {
  fromSearchDocument,
  readCatalogueResults,
  type CatalogueResults,
  type CatalogueSearchResult,
} from '../../../shared/catalogue-search/results.ts';
import { catalogueSearches, type CatalogueQuery } from '../../../shared/catalogue-search/searches.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { PRODUCTS_COLLECTION } from '../../../shared/site-search.ts';

/**
 * The catalogue's one multi_search (spec 7) through the official client: the products of each block and the
 * facet counts. The server's loader and the browser both call it, each with its own client.
 */
export async function searchCatalogue(
  client: SearchClient,
  query: CatalogueQuery,
  signal?: AbortSignal,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<CatalogueResults<ProductDocument>> {
  const searches = catalogueSearches(query);
  if (!searches.length) return { blocks: [], counts: {}, errors: [] };
  // The client keeps a failed request's promise in its cache too: a search asked again after a failure passes it by.
  const options = { ...(signal ? { abortSignal: signal } : {}), ...(fresh ? { cacheSearchResultsForSeconds: 0 } : {}) };
  const response = await client.multiSearch.perform<ProductDocument[]>({ searches }, {}, options);
  const results = readCatalogueResults(
    query,
    response.results as ReadonlyArray<CatalogueSearchResult<ProductDocument>>,
  );
  return {
    ...results,
    blocks: results.blocks.map((block) => ({
      ...block,
      hits: block.hits.map((hit) => fromSearchDocument(hit, query.facetFields)),
    })),
  };
}

/** One product by id, for a swatch that turns a tile into another colour of the same style. */
export async function productById(
  client: SearchClient,
  id: string,
  facetFields: readonly string[],
): Promise<ProductDocument | null> {
  const response = await client
    .collections<ProductDocument>(PRODUCTS_COLLECTION)
    .documents()
    .search({ q: '*', filter_by: `id:=[${quoteFilterValue(id)}]`, per_page: 1 }, {});
  const document = response.hits?.[0]?.document;
  return document ? fromSearchDocument(document, facetFields) : null;
}
