import { describe, expect, it } from 'vitest';
import {
  productSearchParams,
  queryBy,
  recommendationParams,
  recommendedProducts,
  remainingNote,
  searchesWhileTyping,
  showsViewAll,
} from './site-search.ts';

const attributes = [
  { name: 'name', searchable: true },
  { name: 'price', searchable: false },
  { name: 'fit', searchable: true },
  { name: 'description', searchable: true },
];

describe('queryBy', () => {
  it('joins the searchable attribute names with commas, in config order', () => {
    expect(queryBy(attributes)).toBe('name,fit,description');
  });

  it('is * when no attribute is searchable or the config is empty', () => {
    expect(queryBy([{ name: 'price', searchable: false }])).toBe('*');
    expect(queryBy([])).toBe('*');
  });
});

describe('productSearchParams', () => {
  it('is the products search row of spec 7', () => {
    expect(productSearchParams('boxer', attributes, null)).toEqual({
      q: 'boxer',
      query_by: 'name,fit,description',
      sort_by: 'availability:asc,default_position:asc',
      prioritize_exact_match: true,
      prioritize_token_position: true,
      limit: 20,
      facet_by: '*',
    });
  });

  it('searches the trimmed text, every field while the config is empty', () => {
    expect(productSearchParams('  boxer brief ', [], null)).toMatchObject({ q: 'boxer brief', query_by: '*' });
  });

  it('counts what a search of /shop counts', () => {
    const filter = 'page_block_slugs:=[`shop-all`] && show_on_plp:true';
    expect(productSearchParams('boxer', attributes, filter).filter_by).toBe(filter);
  });
});

describe('recommendationParams', () => {
  it('is the recommendation query: *, the suggested_products tag, buyable first, 24 products', () => {
    expect(recommendationParams()).toMatchObject({
      q: '*',
      override_tags: 'suggested_products',
      sort_by: 'availability:asc,default_position:asc',
      limit: 24,
    });
  });

  it('reads only the fields a card shows, the primary image among them', () => {
    const fields = recommendationParams().include_fields?.split(',');
    expect(fields).toEqual(
      expect.arrayContaining(['_id', 'name', 'url', 'primary_image', 'price', 'sale_price', 'is_in_stock']),
    );
  });
});

describe('recommendedProducts', () => {
  const image = { url: '/media/a.svg', width: 800, height: 1000 };

  it('keeps only products with a primary image, in order', () => {
    const hits = [
      { _id: 'a', primary_image: image },
      { _id: 'b', primary_image: null },
      { _id: 'c', primary_image: { ...image, url: '' } },
      { _id: 'd', primary_image: image },
    ];
    expect(recommendedProducts(hits).map((product) => product._id)).toEqual(['a', 'd']);
  });

  it('shows at most 24', () => {
    const hits = Array.from({ length: 30 }, (_, index) => ({ _id: String(index), primary_image: image }));
    expect(recommendedProducts(hits)).toHaveLength(24);
  });
});

describe('searchesWhileTyping', () => {
  it('needs 3 characters, not counting spaces around them', () => {
    expect(searchesWhileTyping('box')).toBe(true);
    expect(searchesWhileTyping('bo')).toBe(false);
    expect(searchesWhileTyping('  bo  ')).toBe(false);
    expect(searchesWhileTyping('')).toBe(false);
    expect(searchesWhileTyping('a b')).toBe(true);
  });
});

describe('showsViewAll', () => {
  it('shows only above 5 matches', () => {
    expect(showsViewAll(5)).toBe(false);
    expect(showsViewAll(6)).toBe(true);
    expect(showsViewAll(0)).toBe(false);
  });
});

describe('remainingNote', () => {
  it('is the quantity left when an in-stock product has fewer than 10', () => {
    expect(remainingNote({ is_in_stock: true, total_quantity: 9 })).toBe(9);
    expect(remainingNote({ is_in_stock: true, total_quantity: 1 })).toBe(1);
  });

  it('is null at 10 or more, and for a sold-out product (which reads Sold Out instead)', () => {
    expect(remainingNote({ is_in_stock: true, total_quantity: 10 })).toBeNull();
    expect(remainingNote({ is_in_stock: false, total_quantity: 0 })).toBeNull();
    expect(remainingNote({ is_in_stock: true, total_quantity: 0 })).toBeNull();
  });
});
