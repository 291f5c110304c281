import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants.ts';
import { isEasterEggTerm } from '../../../shared/easter-eggs.ts';
import type { SearchClientSettings } from '../../../shared/load-context.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { PRODUCTS_COLLECTION, productSearchParams, searchesWhileTyping } from '../../../shared/site-search.ts';
import { startProcessing } from '../../lib/processing/processing.ts';
import { enableEasterEggs } from '../../lib/theme.ts';
import { useShop } from '../../lib/use-shop.ts';
import { searchAttributes, shopSearchFilterOf } from './search-config.ts';

/** The processing key of the site search's pending indicator (spec 4). */
export const SITE_SEARCH_PROCESSING_KEY = 'site-search';

export interface SiteSearchResult {
  /** The text these products match: the 'View all' link searches the shop for it. */
  term: string;
  products: ProductDocument[];
  found: number;
}

async function searchProducts(
  brand: string,
  settings: SearchClientSettings,
  term: string,
  signal: AbortSignal,
): Promise<SiteSearchResult> {
  // The search library loads with the first search, not with every page the overlay is mounted on.
  const [attributes, filterBy, { searchClient }] = await Promise.all([
    searchAttributes(brand),
    shopSearchFilterOf(brand),
    import('../../lib/search/search-client.ts'),
  ]);
  const response = await searchClient(settings)
    .collections<ProductDocument>(PRODUCTS_COLLECTION)
    .documents()
    .search(productSearchParams(term, attributes, filterBy), { abortSignal: signal });
  return { term, products: (response.hits ?? []).map((hit) => hit.document), found: response.found };
}

/**
 * The typed search of spec 4 and 5: once the text has 3 or more characters and the shopper has paused for
 * 500 ms, the products matching it; null while the text is too short. Earlier results stay until the next ones
 * arrive. A newer text aborts the request of an older one, whose answer is never used, so a slow response
 * can't overwrite a newer one. The site-search indicator shows while a request is pending; a failure shows no
 * message and clears it (spec 8). Searching the easter-egg term turns the easter eggs on.
 */
export function useSiteSearch(text: string): SiteSearchResult | null {
  const { brand, search } = useShop();
  const [result, setResult] = useState<SiteSearchResult | null>(null);
  const term = text.trim();
  const searches = searchesWhileTyping(term);

  useEffect(() => {
    if (!searches) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      if (isEasterEggTerm(term)) enableEasterEggs(brand);
      const stop = startProcessing({ key: SITE_SEARCH_PROCESSING_KEY, type: 'inline', reason: 'search' });
      searchProducts(brand, search, term, controller.signal)
        .then((next) => {
          if (!controller.signal.aborted) setResult(next);
        })
        // A failed search shows no message (spec 8); the indicator is cleared below all the same.
        .catch(() => undefined)
        .finally(stop);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [brand, search, term, searches]);

  return searches ? result : null;
}
