import { describe, expect, it } from 'vitest';
import {
  carriedProduct,
  initialSku,
  productSlug,
  PRODUCT_ID_PATTERN,
  quantityChoices,
  sizeOptions,
} from './product-page.ts';

const sku = (size: string, qty: number, styleId = 'UPMH1000') => ({
  sku: `${styleId}-${size}`,
  size,
  style_id: styleId,
  qty,
});

describe('the product page address', () => {
  it('takes the slug from the product url', () => {
    expect(productSlug({ url: '/s/10001/leopard-boxer-brief-red' })).toBe('leopard-boxer-brief-red');
    expect(productSlug({ url: '/s/10001' })).toBe('');
  });

  it('accepts plain ids only', () => {
    expect(PRODUCT_ID_PATTERN.test('10001')).toBe(true);
    expect(PRODUCT_ID_PATTERN.test('abc_12-x')).toBe(true);
    for (const id of ['', '../1', '-1', '1 OR 1', 'a'.repeat(65)]) expect(PRODUCT_ID_PATTERN.test(id)).toBe(false);
  });
});

describe('the product carried in history state', () => {
  const product = { _id: '10001', name: 'Brief', url: '/s/10001/brief', price: 20, skus: [], images: [], facets: {} };

  it('is used when it is the product the address names', () => {
    expect(carriedProduct({ product, activeSlide: 2 }, '10001')).toEqual({ product, activeSlide: 2 });
    expect(carriedProduct({ product }, '10001')?.activeSlide).toBe(0);
  });

  it('is ignored for another product, a partial product or no state at all', () => {
    expect(carriedProduct({ product }, '10002')).toBeNull();
    expect(carriedProduct({ product: { ...product, skus: undefined } }, '10001')).toBeNull();
    expect(carriedProduct({ product: 'nope' }, '10001')).toBeNull();
    expect(carriedProduct(null, '10001')).toBeNull();
    expect(carriedProduct({ product, activeSlide: -1 }, '10001')?.activeSlide).toBe(0);
    expect(carriedProduct({ product, activeSlide: 1.5 }, '10001')?.activeSlide).toBe(0);
  });
});

describe('sizes', () => {
  it('shows each size with its stock, M as CL on the UPMH styles, and only-N-left under 10', () => {
    const options = sizeOptions({ skus: [sku('S', 0), sku('M', 3), sku('L', 9), sku('XL', 10)] });
    expect(options.map(({ label, available, onlyLeft }) => ({ label, available, onlyLeft }))).toEqual([
      { label: 'S', available: false, onlyLeft: null },
      { label: 'CL', available: true, onlyLeft: 3 },
      { label: 'L', available: true, onlyLeft: 9 },
      { label: 'XL', available: true, onlyLeft: null },
    ]);
    expect(sizeOptions({ skus: [sku('M', 40, 'UPMH2000')] })[0]?.label).toBe('M');
  });

  it('chooses the size up front only when there is one and it is in stock', () => {
    expect(initialSku({ skus: [sku('OS', 4)] })).toBe('UPMH1000-OS');
    expect(initialSku({ skus: [sku('OS', 0)] })).toBeNull();
    expect(initialSku({ skus: [sku('S', 4), sku('M', 4)] })).toBeNull();
  });
});

describe('quantities', () => {
  it('offers 1 up to 30, max_cart_qty when positive and smaller, and the stock', () => {
    expect(quantityChoices({ max_cart_qty: 0 }, { qty: 90 })).toHaveLength(30);
    expect(quantityChoices({ max_cart_qty: 5 }, { qty: 90 })).toEqual([1, 2, 3, 4, 5]);
    expect(quantityChoices({ max_cart_qty: 0 }, { qty: 2 })).toEqual([1, 2]);
    expect(quantityChoices({ max_cart_qty: 40 }, { qty: 90 })).toHaveLength(30);
  });

  it('offers 1 while no size is chosen or the size is sold out', () => {
    expect(quantityChoices({ max_cart_qty: 0 }, null)).toEqual([1]);
    expect(quantityChoices({ max_cart_qty: 0 }, { qty: 0 })).toEqual([1]);
  });
});
