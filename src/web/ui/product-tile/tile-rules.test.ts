import { describe, expect, it } from 'vitest';
import type { ProductDocument, ProductVariant } from '../../../shared/product.ts';
import {
  currentVariant,
  fitSwatches,
  initialTileProduct,
  selectedSizeColumns,
  sizeColumns,
  slideAt,
  tileImages,
  variantColumns,
  withVariant,
} from './tile-rules.ts';

const sku = (size: string, qty = 5) => ({ sku: `S-${size}`, size, style_id: 'UPMH1000', qty });

const variant = (id: string, inStock: boolean): ProductVariant => ({
  _id: id,
  variant_name: id === 'long' ? 'Long 9"' : 'Regular 6"',
  url: `/s/${id}/boxer`,
  price: 30,
  sale_price: id === 'long' ? 24 : null,
  is_in_stock: inStock,
  total_quantity: inStock ? 7 : 0,
  skus: inStock ? [sku('M', 7)] : [sku('M', 0)],
});

const product = (overrides: Partial<ProductDocument> = {}): ProductDocument =>
  ({
    id: 'regular',
    _id: 'regular',
    name: 'Boxer Brief',
    url: '/s/regular/boxer',
    price: 28,
    sale_price: null,
    is_in_stock: false,
    total_quantity: 0,
    availability: 'out of stock',
    skus: [sku('M', 0)],
    variant_name: 'Regular 6"',
    variants: [variant('regular', false), variant('long', true)],
    swatch_products: [],
    facets: {},
    ...overrides,
  }) as ProductDocument;

describe('quick-add grids', () => {
  it('lay sizes out in 1, 2 or 4 columns by sku count', () => {
    expect([1, 2, 3, 4, 7].map(sizeColumns)).toEqual([1, 2, 4, 4, 4]);
  });

  it('lay lengths out in 1 or 2 columns', () => {
    expect([2, 3, 4].map(variantColumns)).toEqual([2, 1, 2]);
  });

  it('lay the sizes of a chosen length out in 1, 2 or 3 columns', () => {
    expect([1, 2, 3, 6].map(selectedSizeColumns)).toEqual([1, 2, 3, 3]);
  });
});

describe('swatches', () => {
  it('fit about 70% of the width at 2.6 em each, the rest as +N', () => {
    // 70% of 300 px is 210 px; 2.6 em at 16 px is 41.6 px: 5 chips.
    expect(fitSwatches(8, 300, 16)).toEqual({ shown: 5, remainder: 3 });
    expect(fitSwatches(2, 300, 16)).toEqual({ shown: 2, remainder: 0 });
    expect(fitSwatches(4, 40, 16)).toEqual({ shown: 1, remainder: 3 });
  });
});

describe('lengths', () => {
  it('a sold-out tile shows its first length in stock', () => {
    const shown = initialTileProduct(product());
    expect(shown).toMatchObject({
      _id: 'long',
      id: 'long',
      url: '/s/long/boxer',
      price: 30,
      sale_price: 24,
      is_in_stock: true,
      total_quantity: 7,
    });
    expect(shown.skus).toEqual([sku('M', 7)]);
    expect(currentVariant(shown)?._id).toBe('long');
  });

  it('a tile in stock, or with no length in stock, stays as it is', () => {
    const inStock = product({ is_in_stock: true });
    expect(initialTileProduct(inStock)).toBe(inStock);
    const none = product({ variants: [variant('regular', false)] });
    expect(initialTileProduct(none)).toBe(none);
  });

  it('choosing a length replaces the id, prices, stock and skus, keeping the rest', () => {
    const chosen = withVariant(product({ name: 'Kept' }), variant('long', true));
    expect(chosen).toMatchObject({
      name: 'Kept',
      _id: 'long',
      price: 30,
      sale_price: 24,
      availability: 'in stock',
      variant_name: 'Long 9"',
    });
  });
});

describe('tile pictures', () => {
  const image = (url: string, enabled = true) => ({ url, width: 800, height: 1000, filters: [], enabled });
  it('are the primary, the secondary and the other enabled images, each once, at most four', () => {
    const urls = tileImages({
      primary_image: { url: 'a', width: 800, height: 1000 },
      secondary_image: { url: 'b', width: 800, height: 1000 },
      images: [image('a'), image('b'), image('c', false), image('d'), image('e'), image('f')],
    }).map((kept) => kept.url);
    expect(urls).toEqual(['a', 'b', 'd', 'e']);
    expect(tileImages({ primary_image: null, secondary_image: null, images: [] })).toEqual([]);
  });
});

describe('slideAt', () => {
  it('is the nearest whole width scrolled, within the pictures', () => {
    expect(slideAt(0, 180, 3)).toBe(0);
    expect(slideAt(100, 180, 3)).toBe(1);
    expect(slideAt(360, 180, 3)).toBe(2);
    expect(slideAt(900, 180, 3)).toBe(2);
    expect(slideAt(-40, 180, 3)).toBe(0);
  });

  it('is the first picture before the tile has a width', () => {
    expect(slideAt(120, 0, 3)).toBe(0);
  });
});
