import { describe, expect, it } from 'vitest';
import { packJson, unpackJson } from './packed-json.ts';

describe('packed JSON loader data', () => {
  it('gives back the packed value', () => {
    const value = { products: [{ _id: '1', name: 'Brief', price: 24, sale_price: null, sizes: ['S', 'M'] }] };
    expect(unpackJson(packJson(value))).toEqual(value);
  });

  it('unpacks a packed value once, so every reader gets the same object', () => {
    const packed = packJson({ a: 1 });
    expect(unpackJson(packed)).toBe(unpackJson(packed));
  });
});
