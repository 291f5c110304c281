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

  it('formats every amount as en-US currency does', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [
      0,
      0.01,
      0.1,
      0.5,
      1.005,
      9.99,
      19.95,
      999.99,
      1000,
      1234567.89,
      12345678.9,
      0.3 - 0.1,
      -0.01,
      -19.95,
      -1234.5,
      1e-7,
      2.675,
      1.045,
    ];
    for (let cents = -20_000; cents <= 20_000; cents += 37) amounts.push(cents / 100);
    for (const amount of amounts)
      expect(formatMoney(amount), String(amount)).toBe(usd.format(amount).replace(/\.00$/, ''));
  });
});
