import { describe, expect, it } from 'vitest';
import { parseSortParam, SHOP_SORTS, sortByOf } from './catalogue-sort.ts';
import { PRODUCT_SORT } from './site-search.ts';

describe('the shop’s sort orders', () => {
  it('reads query sort, anything unknown as Featured', () => {
    expect(parseSortParam('newest')).toBe('newest');
    expect(parseSortParam('best-sellers')).toBe('best-sellers');
    expect(parseSortParam(null)).toBe('featured');
    for (const raw of ['', 'NEWEST', 'price', 'price-asc ', '__proto__', 'toString'])
      expect(parseSortParam(raw)).toBe('featured');
  });

  it('sorts Featured as spec 7 does: in stock first, then the merchandiser’s order', () => {
    expect(sortByOf('featured')).toBe(PRODUCT_SORT);
  });

  it('sorts the other orders in stock first, then on their field, ties in the merchandiser’s order', () => {
    expect(Object.fromEntries(SHOP_SORTS.map((sort) => [sort, sortByOf(sort)]))).toEqual({
      featured: 'availability:asc,default_position:asc',
      newest: 'availability:asc,created_at:desc,default_position:asc',
      'price-asc': 'availability:asc,selling_price:asc,default_position:asc',
      'price-desc': 'availability:asc,selling_price:desc,default_position:asc',
      'best-sellers': 'availability:asc,units_sold:desc,default_position:asc',
    });
  });
});
