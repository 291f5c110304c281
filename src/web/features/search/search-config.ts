import { cataloguePageEndpoint, searchConfigEndpoint } from '../../../shared/api/catalogue.ts';
import { shopSearchFilter } from '../../../shared/catalogue-search/filters.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { SearchAttribute } from '../../../shared/site-search.ts';
import { shopApi } from '../../lib/api/use-api.ts';

let attributes: readonly SearchAttribute[] = [];
let loading: Promise<readonly SearchAttribute[]> | null = null;

/**
 * The search config's attributes, loaded through the shop's API client before the first typed search while
 * they are empty (spec 4 and 7); searches that start meanwhile share the one request. A failure shows no
 * message, like every site-search failure (spec 8): the search reads every field, and the next one asks again.
 */
export function searchAttributes(brand: string): Promise<readonly SearchAttribute[]> {
  if (attributes.length) return Promise.resolve(attributes);
  loading ??= shopApi(brand)
    .call(searchConfigEndpoint, {}, { suppressNotification: true })
    .then((config) => {
      attributes = config.attributes;
      return attributes;
    })
    .catch(() => attributes)
    .finally(() => {
      loading = null;
    });
  return loading;
}

let shopFilter: string | null | undefined;
let loadingShopFilter: Promise<string | null> | null = null;

/**
 * What a search of /shop counts (shopSearchFilter), read from the shop page once, so the overlay finds what the
 * shop page its 'View all' opens lists. Like the attributes, a failure shows no message: that search counts
 * every product and the next one asks again.
 */
export function shopSearchFilterOf(brand: string): Promise<string | null> {
  if (shopFilter !== undefined) return Promise.resolve(shopFilter);
  loadingShopFilter ??= shopApi(brand)
    .call(cataloguePageEndpoint, { query: { path: PATHS.shop } }, { suppressNotification: true })
    .then((page) => {
      shopFilter = shopSearchFilter(page);
      return shopFilter;
    })
    .catch(() => null)
    .finally(() => {
      loadingShopFilter = null;
    });
  return loadingShopFilter;
}
