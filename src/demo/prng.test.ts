import { describe, expect, it } from 'vitest';
import { createRng, hashString } from './prng.ts';

describe('createRng', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
  });

  it('keeps numbers in range', () => {
    const rng = createRng(7);
    for (let i = 0; i < 1000; i++) {
      const value = rng.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const n = rng.int(3, 5);
      expect([3, 4, 5]).toContain(n);
    }
    expect(rng.hex(13)).toMatch(/^[0-9a-f]{13}$/);
  });

  it('shuffles without losing items and forks independent streams', () => {
    const rng = createRng(1);
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(createRng(9).fork('x').next()).toBe(createRng(9).fork('x').next());
    expect(createRng(9).fork('x').next()).not.toBe(createRng(9).fork('y').next());
    expect(() => rng.pick([])).toThrow();
  });

  it('hashes labels to 32-bit seeds', () => {
    expect(hashString('catalogue')).toBe(hashString('catalogue'));
    expect(hashString('catalogue')).not.toBe(hashString('content'));
    expect(hashString('')).toBeGreaterThan(0);
  });
});
