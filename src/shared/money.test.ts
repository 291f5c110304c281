import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, toCents } from './money.ts';

describe('cents', () => {
  it('rounds dollars to whole cents and back', () => {
    expect(toCents(19.95)).toBe(1995);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1995)).toBe(19.95);
  });
});

describe('formatMoney', () => {
  it('drops a trailing .00', () => {
    expect(formatMoney(24)).toBe('$24');
    expect(formatMoney(1250)).toBe('$1,250');
  });

  it('keeps cents that are not zero', () => {
    expect(formatMoney(24.5)).toBe('$24.50');
    expect(formatMoney(0.99)).toBe('$0.99');
  });

  it('formats negative amounts (discounts)', () => {
    expect(formatMoney(-5)).toBe('-$5');
  });
});
