import type { ShopSort } from '../catalogue-sort.ts';
import { describe, expect, it } from 'vitest';
import { facetFieldsOf, selectableTags, tagSlug, type FacetTreeNode } from './catalogue-page.ts';
import { effectiveValues, selectionFilter, shopSearchFilter } from './filters.ts';
import {
  afterLoad,
  blocksToLoad,
  facetTagsByKey,
  fromSearchDocument,
  productPosition,
  readCatalogueResults,
  startPaging,
  visibleFacets,
  withCounts,
} from './results.ts';
import { catalogueSearches, pageCatalogueQuery, type CatalogueQuery } from './searches.ts';
import {
  normalizeShopPath,
  pageOffset,
  parsePageParam,
  parseTagsParam,
  readShopQuery,
  shopSearch,
  toggleTag,
} from './shop-url.ts';

describe('the shop path', () => {
  it('is lower-cased without a trailing slash', () => {
    expect(normalizeShopPath('/shop/MEN/')).toBe('/shop/men');
    expect(normalizeShopPath('/Shop//')).toBe('/shop');
    expect(normalizeShopPath('/shop/men')).toBe('/shop/men');
  });

  it('turns tag names into path segments the way page slugs are made', () => {
    expect(tagSlug('Boxer Briefs')).toBe('boxer-briefs');
    expect(tagSlug('Long 9"')).toBe('long-9in');
    expect(tagSlug("Men's & Boys'")).toBe('mens-and-boys');
  });
});

describe('query t', () => {
  it('reads a JSON array of field:name tags, without repeats', () => {
    expect(parseTagsParam('["division:Men","category:Underwear > Boxer Briefs","division:Men"]')).toEqual({
      tags: ['division:Men', 'category:Underwear > Boxer Briefs'],
      error: null,
    });
    expect(parseTagsParam(null)).toEqual({ tags: [], error: null });
    expect(parseTagsParam('')).toEqual({ tags: [], error: null });
  });

  it('ignores an invalid value as a whole and says why, for the caller to log', () => {
    for (const raw of [
      '[division:Men',
      '{"division":"Men"}',
      '"division:Men"',
      '[1]',
      '["Men"]',
      '["division:"]',
      '["color:`Red`"]',
    ]) {
      const parsed = parseTagsParam(raw);
      expect(parsed.tags).toEqual([]);
      expect(parsed.error).toMatch(/^Ignoring query t/);
    }
    expect(parseTagsParam(JSON.stringify(Array.from({ length: 51 }, (_, i) => `size:${i}`))).error).toMatch(
      /more than 50/,
    );
  });

  it('toggles a tag on and off', () => {
    expect(toggleTag(['division:Men'], 'color:Red')).toEqual(['division:Men', 'color:Red']);
    expect(toggleTag(['division:Men', 'color:Red'], 'division:Men')).toEqual(['color:Red']);
  });
});

describe('query p', () => {
  it('is a page number from 1, anything else the default page', () => {
    expect(parsePageParam('3')).toBe(3);
    for (const raw of [null, '', '0', '-2', '1.5', 'two', '999999']) expect(parsePageParam(raw)).toBe(1);
  });

  it('starts page p at (p-1) times the shop items per page', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(120);
  });
});

describe('the shop query string', () => {
  it('keeps tags, search text and a page after the first', () => {
    expect(shopSearch({ tags: ['division:Men'], q: 'red', page: 2 })).toBe(
      `?t=${encodeURIComponent('["division:Men"]').replace(/%20/g, '+')}&q=red&p=2`,
    );
  });

  it('resets to no tags and the first page, keeping the search text', () => {
    expect(shopSearch({ tags: [], q: '', page: 1 })).toBe('');
    expect(shopSearch({ tags: [], q: 'socks', page: 1 })).toBe('?q=socks');
  });

  it('keeps an order other than Featured, which needs no parameter', () => {
    expect(shopSearch({ tags: [], q: '', page: 2, sort: 'price-asc' })).toBe('?sort=price-asc&p=2');
    expect(shopSearch({ tags: [], q: '', page: 1, sort: 'featured' })).toBe('');
  });
});

describe('the product query of an order', () => {
  it('sorts by the order’s sort_by, Featured when none is given', () => {
    const sortOf = (sort?: ShopSort) => catalogueSearches({ ...query, sort })[0]?.sort_by;
    expect(sortOf()).toBe('availability:asc,default_position:asc');
    expect(sortOf('price-desc')).toBe('availability:asc,selling_price:desc,default_position:asc');
    expect(
      catalogueSearches({ ...query, sort: 'newest' })
        .slice(2)
        .every((search) => search.sort_by === undefined),
    ).toBe(true);
  });
});

describe('filter strings', () => {
  it('joins fields with && and lists a field’s values in backticks', () => {
    expect(selectionFilter(['division:Men', 'color:Red', 'division:Women'])).toBe(
      'division:=[`Men`,`Women`] && color:=[`Red`]',
    );
    expect(selectionFilter([])).toBe('');
  });

  it('keeps commas, brackets and && inside quoted values', () => {
    expect(selectionFilter(['print:Stars, Stripes && [More]'])).toBe('print:=[`Stars, Stripes && [More]`]');
  });

  it('drops a parent value when one of its children is selected', () => {
    expect(effectiveValues(['Underwear', 'Underwear > Boxer Briefs', 'Socks'])).toEqual([
      'Underwear > Boxer Briefs',
      'Socks',
    ]);
    expect(
      selectionFilter(['category:Underwear', 'category:Underwear > Boxer Briefs', 'category:Underwear > Trunks']),
    ).toBe('category:=[`Underwear > Boxer Briefs`,`Underwear > Trunks`]');
    // A value that merely starts with the same letters is no child.
    expect(effectiveValues(['Under', 'Underwear'])).toEqual(['Under', 'Underwear']);
  });

  it('leaves one field out for that field’s own facet counts', () => {
    expect(selectionFilter(['division:Men', 'color:Red'], 'color')).toBe('division:=[`Men`]');
  });
});

const query: CatalogueQuery = {
  blocks: [
    { slug: 'shop-men-picks', offset: 0 },
    { slug: 'shop-men', offset: 60 },
  ],
  facetSlug: 'shop-men',
  facetFields: ['division', 'category', 'color'],
  tags: ['category:Underwear', 'category:Underwear > Boxer Briefs', 'color:Red'],
  q: '',
  queryBy: 'name,fit',
};

describe('the multi_search body', () => {
  const searches = catalogueSearches(query);

  it('loads each block from its offset, 60 at a time, in stock first, without the fields lists do not read', () => {
    expect(searches.slice(0, 2)).toEqual([
      {
        collection: 'products',
        q: '*',
        query_by: 'name,fit',
        filter_by:
          'page_block_slugs:=[`shop-men-picks`] && show_on_plp:true && category:=[`Underwear > Boxer Briefs`] && color:=[`Red`]',
        sort_by: 'availability:asc,default_position:asc',
        limit: 60,
        offset: 0,
        exclude_fields:
          'page_block_slugs,show_on_plp,availability,default_position,updated_at,created_at,units_sold,selling_price,has_primary_image',
      },
      expect.objectContaining({ filter_by: expect.stringMatching(/^page_block_slugs:=\[`shop-men`\]/), offset: 60 }),
    ]);
  });

  it('asks one facet query per group, counting under the other groups’ selections', () => {
    const facets = searches.slice(2);
    expect(facets.map((search) => search.facet_by)).toEqual(['division', 'category', 'color']);
    for (const search of facets) {
      expect(search).toMatchObject({ per_page: 0, max_facet_values: 200, q: '*', query_by: 'name,fit' });
      expect(search.filter_by.startsWith('page_block_slugs:=[`shop-men`] && show_on_plp:true')).toBe(true);
      expect(search.sort_by).toBeUndefined();
    }
    expect(facets[1]?.filter_by).toBe('page_block_slugs:=[`shop-men`] && show_on_plp:true && color:=[`Red`]');
    expect(facets[2]?.filter_by).toBe(
      'page_block_slugs:=[`shop-men`] && show_on_plp:true && category:=[`Underwear > Boxer Briefs`]',
    );
  });

  it('searches the text when there is some', () => {
    expect(catalogueSearches({ ...query, q: ' red socks ' }).every((search) => search.q === 'red socks')).toBe(true);
  });

  it('has no facet queries without a faceted block', () => {
    expect(catalogueSearches({ ...query, facetSlug: null })).toHaveLength(2);
  });

  it('is read back in the same order', () => {
    const results = readCatalogueResults<{ id: string }>(query, [
      { hits: [{ document: { id: 'a' } }], found: 1 },
      { hits: [{ document: { id: 'b' } }, { document: { id: 'c' } }], found: 80 },
      { found: 80, hits: [], facet_counts: [{ field_name: 'division', counts: [{ value: 'Men', count: 80 }] }] },
      { error: 'Could not find a facet field named `category` in the schema.' },
      { found: 80, hits: [], facet_counts: [{ field_name: 'color', counts: [{ value: 'Red', count: 4 }] }] },
    ]);
    expect(results.blocks).toEqual([
      { slug: 'shop-men-picks', offset: 0, hits: [{ id: 'a' }], found: 1 },
      { slug: 'shop-men', offset: 60, hits: [{ id: 'b' }, { id: 'c' }], found: 80 },
    ]);
    expect(results.counts).toEqual({ division: { Men: 80 }, category: {}, color: { Red: 4 } });
    expect(results.errors).toEqual(['Could not find a facet field named `category` in the schema.']);
  });
});

describe('catalogue paging', () => {
  const hits = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `p${from + i}` }));

  it('starts at offset 0 and moves to the number of products loaded', () => {
    const start = startPaging<{ id: string }>('shop-men');
    expect(start).toEqual({ slug: 'shop-men', products: [], offset: 0, found: 0, closed: false });
    const first = afterLoad(start, hits(0, 60), 150);
    expect(first.offset).toBe(60);
    expect(first.closed).toBe(false);
    const second = afterLoad(first, hits(60, 60), 150);
    expect(second.offset).toBe(120);
    expect(second.products).toHaveLength(120);
    const third = afterLoad(second, hits(120, 30), 150);
    expect(third.offset).toBe(150);
    expect(third.closed).toBe(true);
  });

  it('numbers products index+1+offset', () => {
    expect(productPosition(0, 0)).toBe(1);
    const later = afterLoad(afterLoad(startPaging<{ id: string }>('s'), hits(0, 60), 200), hits(60, 2), 200);
    expect(later.products.at(60)).toEqual({ id: 'p60', position: 61 });
    expect(afterLoad(startPaging<{ id: string }>('s', 120), hits(120, 1), 200).products[0]?.position).toBe(121);
  });

  it('closes a block whose load brings nothing, and loads only open blocks', () => {
    const empty = afterLoad(startPaging<{ id: string }>('a'), [], 0);
    expect(empty.closed).toBe(true);
    const open = afterLoad(startPaging<{ id: string }>('b'), hits(0, 60), 61);
    expect(blocksToLoad([empty, open]).map((block) => block.slug)).toEqual(['b']);
  });
});

const node = (group: string, name: string, children: FacetTreeNode[] = []): FacetTreeNode => ({
  tag: { _id: `${group}-${name}`, name, display_name: name.split(' > ').at(-1) ?? name, group, icon_in_nav: null },
  count: 0,
  children,
  url: '',
  cadFilterUrl: null,
});

describe('the facet tree', () => {
  const tree = [
    node('category', 'category', [
      node('category', 'Underwear', [node('category', 'Underwear > Trunks'), node('category', 'Underwear > Briefs')]),
      node('category', 'Socks'),
    ]),
    node('color', 'color', [node('color', 'Red'), node('color', 'Blue')]),
  ];

  it('takes its counts from the search and shows what products carry or is selected', () => {
    const counted = withCounts(tree, { category: { Underwear: 5, 'Underwear > Trunks': 5 }, color: {} });
    expect(counted[0]?.children[0]?.count).toBe(5);
    const visible = visibleFacets(counted, ['color:Blue'], 20);
    expect(
      visible.map((group) => group.children.map((child) => [child.tag.name, child.children.map((c) => c.tag.name)])),
    ).toEqual([[['Underwear', ['Underwear > Trunks']]], [['Blue', []]]]);
    expect(visibleFacets(withCounts(tree, {}), [], 20)).toEqual([]);
  });

  it('hides tags every product carries, unless their group has a selection of its own', () => {
    const counted = withCounts(tree, {
      category: { Underwear: 5, 'Underwear > Trunks': 5, Socks: 2 },
      color: { Red: 5, Blue: 1 },
    });
    const names = (groups: FacetTreeNode[]) => groups.map((group) => group.children.map((child) => child.tag.name));
    expect(names(visibleFacets(counted, [], 5))).toEqual([['Socks'], ['Blue']]);
    expect(names(visibleFacets(counted, ['color:Blue'], 5))).toEqual([['Socks'], ['Red', 'Blue']]);
  });

  it('finds any tag by field:name', () => {
    expect(facetTagsByKey(tree).get('category:Underwear > Trunks')?.display_name).toBe('Trunks');
  });
});

describe('a product from the search index', () => {
  it('gets its facet values back under facets, and only there', () => {
    const hit = { id: 'p1', name: 'Trunk', division: ['Men'], category: ['Underwear', 'Underwear > Trunks'] };
    expect(fromSearchDocument(hit, ['division', 'category', 'color'])).toEqual({
      id: 'p1',
      name: 'Trunk',
      facets: { division: ['Men'], category: ['Underwear', 'Underwear > Trunks'], color: [] },
    });
    const stored = { id: 'p2', facets: { division: ['Women'] } };
    expect(fromSearchDocument(stored, ['division']).facets).toEqual({ division: ['Women'] });
  });
});

describe('a page view', () => {
  const block = (type: 'Product' | 'Curated Product', slug: string, facets: FacetTreeNode[] = []) => ({
    _id: slug,
    block_type: type,
    name: slug,
    slug,
    product_tags: [],
    facets,
  });
  const page = {
    blocks: [
      block('Curated Product', 'shop-men-picks'),
      block('Product', 'shop-men', [node('division', 'division'), node('fits', 'fits')]),
    ],
  };

  it('reads t, q, p and sort from the URL', () => {
    expect(readShopQuery(new URLSearchParams('t=["fits:Boxer"]&q=+red+&p=2'))).toEqual({
      tags: ['fits:Boxer'],
      q: 'red',
      page: 2,
      sort: 'featured',
      error: null,
    });
    expect(readShopQuery(new URLSearchParams('sort=price-desc')).sort).toBe('price-desc');
    expect(readShopQuery(new URLSearchParams('sort=cheapest')).sort).toBe('featured');
    expect(readShopQuery(new URLSearchParams('t=nope')).error).toMatch(/^Ignoring query t/);
  });

  it('filters only on its own facet groups', () => {
    expect(facetFieldsOf(page)).toEqual(['division', 'fits']);
    expect(selectableTags(['fits:Boxer', 'flavour:Mint'], facetFieldsOf(page))).toEqual({
      tags: ['fits:Boxer'],
      ignored: ['flavour:Mint'],
    });
  });

  it('lists hand-picked blocks only on the plain first page', () => {
    const slugs = (view: { selection: string[]; q: string; page: number }) =>
      pageCatalogueQuery(page, { ...view, queryBy: '*' }).blocks.map((listed) => `${listed.slug}@${listed.offset}`);
    expect(slugs({ selection: [], q: '', page: 1 })).toEqual(['shop-men-picks@0', 'shop-men@0']);
    expect(slugs({ selection: ['fits:Boxer'], q: '', page: 1 })).toEqual(['shop-men@0']);
    expect(slugs({ selection: [], q: 'red', page: 1 })).toEqual(['shop-men@0']);
    expect(slugs({ selection: [], q: '', page: 3 })).toEqual(['shop-men@120']);
    expect(pageCatalogueQuery(page, { selection: [], q: '', page: 1, sort: 'newest', queryBy: '*' }).blocks).toEqual([
      { slug: 'shop-men', offset: 0 },
    ]);
    expect(pageCatalogueQuery(page, { selection: [], q: '', page: 1, queryBy: '*' })).toMatchObject({
      facetSlug: 'shop-men',
      facetFields: ['division', 'fits'],
    });
  });

  it('counts a search as the page lists it: its facet block, shown on listing pages', () => {
    const [listed] = catalogueSearches(pageCatalogueQuery(page, { selection: [], q: 'boxer', page: 1, queryBy: '*' }));
    expect(listed?.filter_by).toBe('page_block_slugs:=[`shop-men`] && show_on_plp:true');
    expect(shopSearchFilter(page)).toBe(listed?.filter_by);
    expect(shopSearchFilter({ blocks: [block('Curated Product', 'shop-men-picks')] })).toBeNull();
  });
});
