import type { SearchClientSettings } from '../../../shared/load-context.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { relatedProductsParams } from '../../../shared/related-products.ts';
import {
  PRODUCTS_COLLECTION,
  recommendationParams,
  recommendedProducts,
  type RecommendedProduct,
} from '../../../shared/site-search.ts';
import { searchClient } from '../../lib/search/search-client.ts';

/**
 * The 'Recommended For You' products (spec 2.5 and 7): the suggested products that have a primary image. Never
 * fails: when the search does, there is simply nothing to recommend.
 */
export async function loadRecommendedProducts(settings: SearchClientSettings): Promise<RecommendedProduct[]> {
  try {
    const response = await searchClient(settings)
      .collections<RecommendedProduct>(PRODUCTS_COLLECTION)
      .documents()
      .search(recommendationParams(), {});
    return recommendedProducts((response.hits ?? []).map((hit) => hit.document));
  } catch {
    return [];
  }
}

/**
 * The product page's 'You May Also Like' products (shared/related-products.ts). Never fails: when the search
 * does, the page simply has no strip.
 */
export async function loadRelatedProducts(
  settings: SearchClientSettings,
  product: Pick<ProductDocument, '_id' | 'facets' | 'swatch_products' | 'variants'>,
): Promise<RecommendedProduct[]> {
  const params = relatedProductsParams(product);
  if (!params) return [];
  try {
    const response = await searchClient(settings)
      .collections<RecommendedProduct>(PRODUCTS_COLLECTION)
      .documents()
      .search(params, {});
    return recommendedProducts((response.hits ?? []).map((hit) => hit.document));
  } catch (error) {
    console.warn(`The products like ${product._id} could not be searched`, error);
    return [];
  }
}
