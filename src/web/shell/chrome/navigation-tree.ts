import type { NavigationNode } from '../../../shared/website-config.ts';
import { shopApi } from '../../lib/api/use-api.ts';
import { parseNavigationTree } from './navigation-answer.ts';

const WEBSITE_CONFIG_PATH = '/api/website-config';

/** The navigation tree of a GET /api/website-config body ({data: {navigation}}), or null when it holds none. */
function navigationOf(body: unknown): NavigationNode[] | null {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).data : null;
  return typeof data === 'object' && data !== null
    ? parseNavigationTree((data as Record<string, unknown>).navigation)
    : null;
}

let tree: NavigationNode[] | null = null;
let loading: Promise<NavigationNode[]> | null = null;

/**
 * The side navigation's tree, fetched with the drawer's code (pages carry the website config without it:
 * PageWebsiteConfig); this module, with the API client, loads only then (side-nav.tsx). Openings that come
 * meanwhile share the one request. A failure shows the API client's message and gives an empty tree, so the
 * drawer keeps its pinned links; the next page asks again.
 */
export function loadNavigationTree(brand: string): Promise<NavigationNode[]> {
  if (tree) return Promise.resolve(tree);
  loading ??= shopApi(brand)
    .get<unknown>(WEBSITE_CONFIG_PATH)
    .then((body) => {
      tree = navigationOf(body);
      return tree ?? [];
    })
    .catch((): NavigationNode[] => [])
    .finally(() => {
      loading = null;
    });
  return loading;
}
