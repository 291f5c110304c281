import { describe, expect, it } from 'vitest';
import type { CataloguePage, FacetTreeNode } from '../../../shared/catalogue-search/catalogue-page.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { viewKey, viewOf, viewQuery } from './use-catalogue.ts';

const group = (field: string): FacetTreeNode => ({
  tag: { _id: field, name: field, display_name: field, group: field, icon_in_nav: null },
  count: 0,
  children: [],
  url: '/shop/men',
  cadFilterUrl: null,
});

const page: CataloguePage = {
  _id: 'page',
  name: 'Shop Men',
  slug: 'shop/men',
  meta_title: '',
  meta_description: '',
  selected: ['color:Red'],
  blocks: [
    {
      _id: 'b',
      block_type: 'Product',
      name: 'Shop Men',
      slug: 'shop-men',
      product_tags: ['Men'],
      facets: [group('color'), group('size')],
    },
  ],
};

describe('a catalogue view', () => {
  it('selects the tags of the path, then those of t the page has facet groups for', () => {
    const query = viewQuery(
      page,
      new URLSearchParams({ t: '["size:M","color:Red","flavour:Mint"]', q: 'brief', p: '2' }),
    );
    expect(query).toMatchObject({ selection: ['color:Red', 'size:M'], q: 'brief', page: 2 });
    expect(query.problems).toEqual(['Ignoring tags of query t that this page has no facet group for: flavour:Mint']);
    expect(viewQuery(page, new URLSearchParams({ t: '{' })).problems[0]).toMatch(/not JSON/);
  });

  it('is keyed by t, q, p and sort only', () => {
    expect(viewKey(new URLSearchParams('t=x&utm_source=mail'))).toBe(viewKey(new URLSearchParams('t=x')));
    expect(viewKey(new URLSearchParams('t=x&p=2'))).not.toBe(viewKey(new URLSearchParams('t=x')));
    expect(viewKey(new URLSearchParams('t=x&sort=newest'))).not.toBe(viewKey(new URLSearchParams('t=x')));
  });

  it('reads its order from sort, Featured when it names none the shop knows', () => {
    expect(viewQuery(page, new URLSearchParams({ sort: 'price-asc' })).sort).toBe('price-asc');
    expect(viewQuery(page, new URLSearchParams({ sort: 'cheapest' }))).toMatchObject({
      sort: 'featured',
      problems: [],
    });
  });

  it('pages each block from the offset its search started at', () => {
    const product = { _id: 'p1' } as unknown as ProductDocument;
    const view = viewOf(
      'k',
      { selection: [], q: '', page: 2, sort: 'featured' },
      { blocks: [{ slug: 'shop-men', offset: 60, hits: [product], found: 61 }], counts: {}, errors: [] },
    );
    expect(view.blocks[0]).toMatchObject({
      offset: 61,
      found: 61,
      closed: true,
      products: [{ _id: 'p1', position: 61 }],
    });
    expect(view.incomplete).toBe(false);
  });

  it('is incomplete, for the browser to ask again, when a search of its multi_search failed', () => {
    const view = viewOf(
      'k',
      { selection: [], q: '', page: 1, sort: 'featured' },
      { blocks: [{ slug: 'shop-men', offset: 0, hits: [], found: 386 }], counts: {}, errors: ['Request Timeout'] },
    );
    expect(view.incomplete).toBe(true);
  });
});
