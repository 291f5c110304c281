/**
 * The navigation tree. Ids are slug-like and unique across the tree ('men', 'men-underwear'), because the side
 * drawer's hash is the path of ids: #nav:men:men-underwear. Contact has no node: the drawer's footer links it.
 */
import type { Insertable } from 'kysely';
import type { NavigationNodeTable } from '../server/db/schema.ts';
import { leavesOf, parentsOf, shopPath } from './catalogue-pages.ts';
import { DIVISION_INFO, type Division } from './garments.ts';
import { shopTagUrl } from './shop-links.ts';
import { slugify } from './text.ts';

type Visibility = 'All' | 'Sidenav' | 'Topnav';

interface NodeSpec {
  id: string;
  name: string;
  url: string | null;
  visibility?: Visibility;
  children?: NodeSpec[];
}

function divisionNode(division: Division, idPrefix = DIVISION_INFO[division].slug): NodeSpec {
  const info = DIVISION_INFO[division];
  const children: NodeSpec[] = parentsOf(division)
    .map((parent) => {
      const leaves = leavesOf(division).filter((leaf) => leaf.parent === parent);
      const leafNodes = leaves.map((leaf) => ({
        id: `${idPrefix}-${leaf.slug}`,
        name: leaf.name,
        url: `/${shopPath(info.slug, leaf.slug)}`,
      }));
      if (parent === 'Accessories') return leafNodes;
      return [
        {
          id: `${idPrefix}-${slugify(parent)}`,
          name: parent,
          url: `/${shopPath(info.slug, slugify(parent))}`,
          children: leafNodes,
        },
      ];
    })
    .flat();
  children.push({
    id: `${idPrefix}-best-sellers`,
    name: 'Best Sellers',
    url: shopTagUrl(`/${shopPath(info.slug)}`, [['collection', 'Best Sellers']]),
    visibility: 'Sidenav',
  });
  children.push({
    id: `${idPrefix}-shop-all`,
    name: `Shop All ${division}`,
    url: `/${shopPath(info.slug)}`,
    visibility: 'Topnav',
  });
  return { id: idPrefix, name: division, url: `/${shopPath(info.slug)}`, children };
}

export function navigationRows(brand: string): Insertable<NavigationNodeTable>[] {
  const kids = divisionNode('Kids');
  kids.children = [divisionNode('Boys'), divisionNode('Girls'), divisionNode('Toddlers'), ...(kids.children ?? [])];
  const tree: NodeSpec[] = [
    divisionNode('Men'),
    divisionNode('Women'),
    kids,
    divisionNode('Accessories'),
    {
      id: 'new-sale',
      name: 'New & Sale',
      url: null,
      children: [
        { id: 'new-arrivals', name: 'New Arrivals', url: '/shop/new' },
        { id: 'sale', name: 'Sale', url: '/shop/sale' },
        { id: 'gift-cards', name: 'Gift Cards', url: '/giftcards', visibility: 'Sidenav' },
      ],
    },
    { id: 'the-familie', name: 'The Familie', url: '/the-familie', visibility: 'Sidenav' },
    { id: 'life', name: 'Life', url: `/${brand}-life`, visibility: 'Sidenav' },
    { id: 'news', name: 'News', url: '/news', visibility: 'Sidenav' },
    { id: 'size-guides', name: 'Size Guides', url: '/size-guides', visibility: 'Sidenav' },
    { id: 'ultimate', name: 'The Ultimate Giveaway', url: '/ultimate', visibility: 'Topnav' },
  ];
  const rows: Insertable<NavigationNodeTable>[] = [];
  const walk = (nodes: NodeSpec[], parentId: string | null) =>
    nodes.forEach((node, position) => {
      rows.push({
        id: node.id,
        parent_id: parentId,
        name: node.name,
        slug: parentId && node.id.startsWith(`${parentId}-`) ? node.id.slice(parentId.length + 1) : node.id,
        url: node.url,
        visibility: node.visibility ?? 'All',
        position,
      });
      walk(node.children ?? [], node.id);
    });
  walk(tree, null);
  return rows;
}
