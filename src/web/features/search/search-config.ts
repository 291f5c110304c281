import type { CataloguePage } from '../../../shared/catalogue-search/catalogue-page.ts';
import { shopSearchFilter } from '../../../shared/catalogue-search/filters.ts';
import { PATHS } from '../../../shared/paths.ts';
import { parseSearchAttributes, type SearchAttribute } from '../../../shared/site-search.ts';
import { shopApi } from '../../lib/api/use-api.ts';

const SEARCH_CONFIG_PATH = '/api/typesense-config';
const SHOP_PAGE_PATH = `/api/page?path=${encodeURIComponent(PATHS.shop)}`;

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
    .get<unknown>(SEARCH_CONFIG_PATH, { suppressNotification: true })
    .then((body) => {
      attributes = parseSearchAttributes(body) ?? [];
      return attributes;
    })
    .catch(() => attributes)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The blocks of a GET /api/page body ({data: {blocks}}), or null when the body is not one. */
function pageOf(body: unknown): Pick<CataloguePage, 'blocks'> | null {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).data : null;
  const blocks = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).blocks : null;
  return Array.isArray(blocks) ? { blocks: blocks as CataloguePage['blocks'] } : null;
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
    .get<unknown>(SHOP_PAGE_PATH, { suppressNotification: true })
    .then((body) => {
      const page = pageOf(body);
      shopFilter = page ? shopSearchFilter(page) : undefined;
      return shopFilter ?? null;
    })
    .catch(() => null)
    .finally(() => {
      loadingShopFilter = null;
    });
  return loadingShopFilter;
}
