import { websiteConfigEndpoint } from '../../../shared/api/website-config.ts';
import type { NavigationNode } from '../../../shared/website-config.ts';
import { shopApi } from '../../lib/api/use-api.ts';

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
    .call(websiteConfigEndpoint, {})
    .then((config) => {
      tree = config.navigation;
      return tree;
    })
    .catch((): NavigationNode[] => [])
    .finally(() => {
      loading = null;
    });
  return loading;
}
