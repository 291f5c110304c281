import * as z from 'zod/mini';
import { navigationNodeSchema } from '../../../shared/api-schemas.ts';
import type { NavigationNode } from '../../../shared/website-config.ts';
import { shopApi } from '../../lib/api/use-api.ts';

const WEBSITE_CONFIG_PATH = '/api/website-config';
/**
 * The part of GET /api/website-config's body the side navigation reads, checked with the API's own schema: this
 * module loads with the drawer (side-nav.tsx), so the schema's code is not in every page's script.
 */
const navigationAnswerSchema = z.object({ data: z.object({ navigation: z.array(navigationNodeSchema) }) });

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
      const parsed = navigationAnswerSchema.safeParse(body);
      tree = parsed.success ? parsed.data.data.navigation : null;
      return tree ?? [];
    })
    .catch((): NavigationNode[] => [])
    .finally(() => {
      loading = null;
    });
  return loading;
}
