import { describe, expect, it } from 'vitest';
import type { NavigationNode } from '../../../shared/website-config.ts';
import { parseNavigationTree } from './navigation-answer.ts';

const node = (id: string, children: NavigationNode[] = []): NavigationNode => ({
  _id: id,
  name: id.toUpperCase(),
  slug: id,
  url: `/shop/${id}`,
  hash: `nav:${id}`,
  visibility: 'All',
  children,
});

describe('a navigation tree read from an answer', () => {
  it('is the tree when every node is a node, at any depth the shop uses', () => {
    const tree = [
      node('men', [node('underwear', [node('briefs')])]),
      { ...node('life'), url: null, visibility: 'Sidenav' as const },
    ];
    expect(parseNavigationTree(JSON.parse(JSON.stringify(tree)))).toEqual(tree);
    expect(parseNavigationTree([])).toEqual([]);
  });

  it('is null when anything in it is not a node', () => {
    for (const wrong of [
      null,
      'men',
      [null],
      [{ ...node('men'), name: 3 }],
      [{ ...node('men'), visibility: 'Everywhere' }],
      [{ ...node('men'), url: 7 }],
      [{ ...node('men'), children: undefined }],
      [node('men', [{ ...node('socks'), hash: null } as unknown as NavigationNode])],
    ]) {
      expect(parseNavigationTree(wrong)).toBeNull();
    }
  });

  it('is null past a depth no navigation reaches, however deep the answer nests', () => {
    let deep: NavigationNode = node('leaf');
    for (let level = 0; level < 100; level++) deep = node(`level-${level}`, [deep]);
    expect(parseNavigationTree([deep])).toBeNull();
  });
});
