import { parseSearchAttributes, type SearchAttribute } from '../../../shared/site-search.ts';
import { shopApi } from '../../lib/api/use-api.ts';

const SEARCH_CONFIG_PATH = '/api/typesense-config';

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
