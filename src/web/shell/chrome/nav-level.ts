/**
 * The side navigation's levels (spec 2.4): the #nav hash names navigation ids from the top down, and the
 * drawer lists the children of the node named by the last one. Nodes only for the top bar (Topnav) are
 * left out; unknown ids fall back to the top level.
 */
import type { NavigationNode } from '../../../shared/website-config.ts';
import { parseHash } from '../../lib/navigation/hash.ts';

export interface NavLevel {
  /** The ids of the level shown, top down: the hash's ids once resolved; [] at the top level. */
  ids: string[];
  /** The node whose children are listed; null at the top level. */
  node: NavigationNode | null;
  /** The node one level up; null when that is the top level (or this is it). */
  parent: NavigationNode | null;
  /** The rows of the level: the nodes the side navigation shows. */
  items: NavigationNode[];
}

export const inSideNav = (node: NavigationNode): boolean => node.visibility !== 'Topnav';

const visibleChildren = (nodes: readonly NavigationNode[]) => nodes.filter(inSideNav);

const TOP_LEVEL = (tree: readonly NavigationNode[]): NavLevel => ({
  ids: [],
  node: null,
  parent: null,
  items: visibleChildren(tree),
});

/**
 * Resolves the hash's ids against the tree. A level needs something to list, so a trailing id that names a
 * leaf shows the level that holds it.
 */
export function navLevel(tree: readonly NavigationNode[], ids: readonly string[]): NavLevel {
  const path: NavigationNode[] = [];
  let siblings = tree;
  for (const id of ids) {
    const node = siblings.find((candidate) => candidate._id === id && inSideNav(candidate));
    if (!node) return TOP_LEVEL(tree);
    path.push(node);
    siblings = node.children;
  }
  while (path.length > 0 && visibleChildren(path[path.length - 1]?.children ?? []).length === 0) path.pop();
  const node = path[path.length - 1] ?? null;
  if (!node) return TOP_LEVEL(tree);
  return {
    ids: path.map((step) => step._id),
    node,
    parent: path[path.length - 2] ?? null,
    items: visibleChildren(node.children),
  };
}

/** The navigation ids a node's own hash holds ('nav:men:men-underwear' gives ['men', 'men-underwear']). */
export function nodeIds(node: NavigationNode): string[] {
  const parsed = parseHash(node.hash);
  return parsed?.drawer === 'nav' ? parsed.ids : [];
}

/** Whether a row opens a deeper level (it has children to show) rather than linking to its page. */
export const opensLevel = (node: NavigationNode): boolean => visibleChildren(node.children).length > 0;
