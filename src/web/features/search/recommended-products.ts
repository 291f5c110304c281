import type { ShopLoadContext } from '../../../shared/load-context.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { relatedProductsParams } from '../../../shared/related-products.ts';
import {
  PRODUCTS_COLLECTION,
  recommendationParams,
  recommendedProducts,
  type RecommendedProduct,
} from '../../../shared/site-search.ts';
import { searchClient } from '../../lib/search/search-client.ts';

/** What a loader's search needs of the load context: the service to ask, and the call that reports a failure. */
type LoaderSearch = Pick<ShopLoadContext, 'serverSearch' | 'searchFailed'>;

/**
 * The 'Recommended For You' products (spec 2.5 and 7): the suggested products that have a primary image. Never
 * fails: when the search does, there is simply nothing to recommend (and the page is not kept).
 */
export async function loadRecommendedProducts(context: LoaderSearch): Promise<RecommendedProduct[]> {
  try {
    const response = await searchClient(context.serverSearch)
      .collections<RecommendedProduct>(PRODUCTS_COLLECTION)
      .documents()
      .search(recommendationParams(), {});
    return recommendedProducts((response.hits ?? []).map((hit) => hit.document));
  } catch {
    context.searchFailed();
    return [];
  }
}

/**
 * The product page's 'You May Also Like' products (shared/related-products.ts). Never fails: when the search
 * does, the page simply has no strip (and is not kept).
 */
export async function loadRelatedProducts(
  context: LoaderSearch,
  product: Pick<ProductDocument, '_id' | 'facets' | 'swatch_products' | 'variants'>,
): Promise<RecommendedProduct[]> {
  const params = relatedProductsParams(product);
  if (!params) return [];
  try {
    const response = await searchClient(context.serverSearch)
      .collections<RecommendedProduct>(PRODUCTS_COLLECTION)
      .documents()
      .search(params, {});
    return recommendedProducts((response.hits ?? []).map((hit) => hit.document));
  } catch (error) {
    context.searchFailed();
    console.warn(`The products like ${product._id} could not be searched`, error);
    return [];
  }
}
