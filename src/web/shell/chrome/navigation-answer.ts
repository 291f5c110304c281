import type { NavigationNode, NavigationVisibility } from '../../../shared/website-config.ts';

const NAVIGATION_VISIBILITIES: readonly string[] = ['All', 'Sidenav', 'Topnav'] satisfies NavigationVisibility[];
/** Deeper than the side navigation ever goes (spec 2.4: a division, a category, a subcategory). */
const NAVIGATION_MAX_DEPTH = 8;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A navigation tree read from an answer, checked by hand rather than with the API's `navigationNodeSchema`: that
 * schema's module and the schema library would join the chunks every page loads (vite.config.ts puts shared
 * code there), 1.5 kB more on the home page; this reader loads with the side navigation only. Null when any node
 * is not a node.
 */
export function parseNavigationTree(value: unknown, depth = 0): NavigationNode[] | null {
  if (!Array.isArray(value) || depth > NAVIGATION_MAX_DEPTH) return null;
  const nodes: NavigationNode[] = [];
  for (const node of value) {
    if (!isRecord(node)) return null;
    const { _id, name, slug, url, hash, visibility } = node;
    const children = parseNavigationTree(node.children, depth + 1);
    if (typeof _id !== 'string' || typeof name !== 'string' || typeof slug !== 'string' || typeof hash !== 'string')
      return null;
    if (
      (url !== null && typeof url !== 'string') ||
      typeof visibility !== 'string' ||
      !NAVIGATION_VISIBILITIES.includes(visibility)
    )
      return null;
    if (!children) return null;
    nodes.push({ _id, name, slug, url, hash, visibility: visibility as NavigationVisibility, children });
  }
  return nodes;
}
