import { describe, expect, it } from 'vitest';
import type { NavigationNode, NavigationVisibility } from '../../../shared/website-config.ts';
import { navLevel, nodeIds, opensLevel } from './nav-level.ts';

function node(
  trail: string[],
  visibility: NavigationVisibility = 'All',
  children: NavigationNode[] = [],
): NavigationNode {
  const id = trail[trail.length - 1] ?? '';
  return {
    _id: id,
    name: id.toUpperCase(),
    slug: id,
    url: `/shop/${trail.join('/')}`,
    hash: ['nav', ...trail].join(':'),
    visibility,
    children,
  };
}

const tree: NavigationNode[] = [
  node(['men'], 'All', [
    node(['men', 'men-underwear'], 'All', [
      node(['men', 'men-underwear', 'boxers']),
      node(['men', 'men-underwear', 'briefs'], 'Topnav'),
    ]),
    node(['men', 'men-socks'], 'Sidenav'),
    node(['men', 'men-sale'], 'Topnav', [node(['men', 'men-sale', 'last-chance'])]),
  ]),
  node(['women']),
  node(['deals'], 'Topnav'),
];

const names = (nodes: NavigationNode[]) => nodes.map((item) => item._id);

describe('navLevel', () => {
  it('lists the top level without Topnav-only nodes', () => {
    const level = navLevel(tree, []);
    expect(level).toMatchObject({ ids: [], node: null, parent: null });
    expect(names(level.items)).toEqual(['men', 'women']);
  });

  it('lists the children of the node named by the last id', () => {
    const men = navLevel(tree, ['men']);
    expect(men.node?._id).toBe('men');
    expect(men.parent).toBeNull();
    expect(names(men.items)).toEqual(['men-underwear', 'men-socks']);

    const underwear = navLevel(tree, ['men', 'men-underwear']);
    expect(underwear.ids).toEqual(['men', 'men-underwear']);
    expect(underwear.parent?._id).toBe('men');
    expect(names(underwear.items)).toEqual(['boxers']);
  });

  it('falls back to the top level on unknown ids, ids out of order and Topnav-only nodes', () => {
    for (const ids of [['kids'], ['men', 'nope'], ['men-underwear'], ['deals'], ['men', 'men-sale']]) {
      expect(navLevel(tree, ids).ids).toEqual([]);
    }
  });

  it('shows the level holding a leaf named last', () => {
    expect(navLevel(tree, ['men', 'men-socks']).ids).toEqual(['men']);
    expect(navLevel(tree, ['men', 'men-underwear', 'boxers']).ids).toEqual(['men', 'men-underwear']);
    expect(navLevel(tree, ['women']).ids).toEqual([]);
  });
});

describe('rows', () => {
  it('reads the ids from a node hash', () => {
    expect(nodeIds(node(['men', 'men-underwear']))).toEqual(['men', 'men-underwear']);
  });

  it('opens a level only when there are side-navigation children', () => {
    expect(opensLevel(tree[0] as NavigationNode)).toBe(true);
    expect(opensLevel(node(['x'], 'All', [node(['x', 'y'], 'Topnav')]))).toBe(false);
    expect(opensLevel(node(['x']))).toBe(false);
  });
});
