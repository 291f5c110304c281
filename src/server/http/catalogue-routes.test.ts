import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePage, FacetTreeNode } from '../../shared/catalogue-search/catalogue-page.ts';
import { createDemoTestApp } from '../test-support.ts';

describe('GET /api/page on the demo store', () => {
  let shop: Awaited<ReturnType<typeof createDemoTestApp>>;
  beforeAll(async () => {
    shop = await createDemoTestApp();
  });
  afterAll(() => shop.close());

  const get = (shopPath: string) =>
    shop.app.inject({ method: 'GET', url: `/api/page?path=${encodeURIComponent(shopPath)}` });
  const page = async (shopPath: string) => {
    const response = await get(shopPath);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CataloguePage }>().data;
  };
  const group = (tree: FacetTreeNode[], field: string) => tree.find((node) => node.tag.group === field);

  it('answers a catalogue page with its product blocks, their slugs and tags', async () => {
    const men = await page('/shop/men');
    expect(men).toMatchObject({ name: 'Shop Men', slug: 'shop/men', selected: [] });
    expect(men.blocks.map((block) => [block.block_type, block.slug])).toEqual([
      ['Curated Product', 'shop-men-picks'],
      ['Product', 'shop-men'],
    ]);
    expect(men.blocks[1]?.product_tags).toEqual(['Men']);
    expect(men.blocks[0]?.facets).toEqual([]);
    const boxers = await page('/shop/men/boxer-briefs');
    expect(boxers.blocks.at(-1)).toMatchObject({
      slug: 'shop-men-boxer-briefs',
      product_tags: ['Men', 'Underwear > Boxer Briefs'],
    });
    expect((await page('/shop')).blocks.at(-1)).toMatchObject({ slug: 'shop-all', product_tags: [] });
  });

  it('carries the facet tree: groups, their tags, hierarchical leaves under parents, counts left to the search', async () => {
    const tree = (await page('/shop/men')).blocks[1]?.facets ?? [];
    expect(tree.map((node) => node.tag.group)).toEqual([
      'division',
      'category',
      'size',
      'color',
      'fits',
      'print',
      'collection',
    ]);
    const underwear = group(tree, 'category')?.children.find((node) => node.tag.name === 'Underwear');
    const boxers = underwear?.children.find((node) => node.tag.name === 'Underwear > Boxer Briefs');
    expect(boxers).toMatchObject({
      tag: {
        _id: 'category-underwear-boxer-briefs',
        display_name: 'Boxer Briefs',
        group: 'category',
        icon_in_nav: null,
      },
      count: 0,
      children: [],
      url: `/shop/men?t=${encodeURIComponent('["category:Underwear > Boxer Briefs"]').replace(/%20/g, '+')}`,
      cadFilterUrl: '/shop/men/boxer-briefs',
    });
    const men = group(tree, 'division')?.children.find((node) => node.tag.name === 'Men');
    expect(men?.tag.icon_in_nav).toMatch(/^\/media\//);
    expect(group(tree, 'color')?.children[0]?.cadFilterUrl).toBeNull();
    expect(group(tree, 'fits')?.tag.display_name).toBe('Fit');
  });

  it('falls back to the nearest parent page, turning the rest of the path into selected tags', async () => {
    const red = await page('/shop/men/boxer-briefs/red');
    expect(red).toMatchObject({ slug: 'shop/men/boxer-briefs', selected: ['color:Red'] });
    const two = await page('/shop/men/socks/red/new-arrivals');
    expect(two.slug).toBe('shop/men/socks');
    expect(two.selected).toEqual(['color:Red', 'collection:New Arrivals']);
    expect((await page('/shop/trunks')).selected).toEqual(['category:Underwear > Trunks']);
  });

  it('reads the path lower-cased without a trailing slash', async () => {
    expect((await page('/shop/MEN/')).slug).toBe('shop/men');
  });

  it('answers 404 for a shop path that is no page and names no tag, 400 for a path that is not a shop path', async () => {
    const unknown = await get('/shop/men/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/not found/);
    for (const bad of ['/about', '/shop/../etc', '/shop/a b', 'shop']) expect((await get(bad)).statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'GET', url: '/api/page' })).statusCode).toBe(400);
  });
});
