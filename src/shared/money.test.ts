import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

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
