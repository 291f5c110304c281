import type { SearchClientSettings } from '../../../shared/load-context.ts';
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
