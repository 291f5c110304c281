import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { type productDocumentSchema, sellingPrice, type ProductDocument } from './product.ts';

describe('sellingPrice', () => {
  it('is the sale price only when it is lower than the price', () => {
    expect(sellingPrice({ price: 28, sale_price: 15.95 })).toBe(15.95);
    expect(sellingPrice({ price: 28, sale_price: 28 })).toBe(28);
    expect(sellingPrice({ price: 28, sale_price: 30 })).toBe(28);
    expect(sellingPrice({ price: 2800, sale_price: null })).toBe(2800);
  });
});

describe('productDocumentSchema', () => {
  it('reads what ProductDocument describes', () => {
    expectTypeOf<z.infer<typeof productDocumentSchema>>().toEqualTypeOf<ProductDocument>();
  });
});
