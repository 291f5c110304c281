import { describe, expect, it } from 'vitest';
import { sellingPrice } from './product.ts';

describe('sellingPrice', () => {
  it('is the sale price only when it is lower than the price', () => {
    expect(sellingPrice({ price: 28, sale_price: 15.95 })).toBe(15.95);
    expect(sellingPrice({ price: 28, sale_price: 28 })).toBe(28);
    expect(sellingPrice({ price: 28, sale_price: 30 })).toBe(28);
    expect(sellingPrice({ price: 2800, sale_price: null })).toBe(2800);
  });
});
