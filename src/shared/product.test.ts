import { describe, expect, it } from 'vitest';
import { listedSellingPrice, sellingPrice } from './product.ts';

describe('sellingPrice', () => {
  it('is the sale price only when it is lower than the price', () => {
    expect(sellingPrice({ price: 28, sale_price: 15.95 })).toBe(15.95);
    expect(sellingPrice({ price: 28, sale_price: 28 })).toBe(28);
    expect(sellingPrice({ price: 28, sale_price: 30 })).toBe(28);
    expect(sellingPrice({ price: 2800, sale_price: null })).toBe(2800);
  });
});

describe('listedSellingPrice', () => {
  const length = (id: string, inStock: boolean, salePrice: number | null) => ({
    _id: id,
    variant_name: id,
    url: `/s/${id}/x`,
    price: 30,
    sale_price: salePrice,
    is_in_stock: inStock,
    total_quantity: inStock ? 4 : 0,
    skus: [],
  });

  it('is the product’s own selling price while it is in stock', () => {
    expect(
      listedSellingPrice({ price: 26, sale_price: 13.95, is_in_stock: true, variants: [length('b', true, null)] }),
    ).toBe(13.95);
  });

  it('is the price of the first length in stock that a tile shows in place of a sold-out product', () => {
    const variants = [length('a', false, 9.95), length('b', true, 24), length('c', true, null)];
    expect(listedSellingPrice({ price: 26, sale_price: 13.95, is_in_stock: false, variants })).toBe(24);
    expect(listedSellingPrice({ price: 26, sale_price: 13.95, is_in_stock: false, variants: [] })).toBe(13.95);
  });
});
