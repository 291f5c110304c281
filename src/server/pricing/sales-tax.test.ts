import { describe, expect, it } from 'vitest';
import { salesTax, taxRateFor, type SalesTaxInput, type TaxRate } from './sales-tax.ts';

const rates: TaxRate[] = [
  { country: 'US', region: 'CA', name: 'California sales tax', ratePpm: 72_500, taxShipping: false },
  { country: 'US', region: 'NY', name: 'New York sales tax', ratePpm: 40_000, taxShipping: true },
  { country: 'US', region: 'TX', name: 'Texas sales tax', ratePpm: 62_500, taxShipping: true },
  { country: 'GB', region: '', name: 'UK VAT', ratePpm: 200_000, taxShipping: true },
];

const line = (item_price: number, qty: number, discount_amount = 0, maxQty = 30) => ({
  item_price,
  qty,
  discount_amount,
  maxQty,
});

const input = (fields: Partial<SalesTaxInput>): SalesTaxInput => ({
  items: [line(24, 2)],
  shippingCents: 595,
  address: { country: 'US', region: 'CA' },
  rates,
  ...fields,
});

describe('taxRateFor', () => {
  it("takes the region's rate, else the country's, else none", () => {
    expect(taxRateFor(rates, { country: 'US', region: 'ny' })?.name).toBe('New York sales tax');
    expect(taxRateFor(rates, { country: 'us', region: ' CA ' })?.name).toBe('California sales tax');
    expect(taxRateFor(rates, { country: 'GB', region: 'London' })?.name).toBe('UK VAT');
    expect(taxRateFor(rates, { country: 'US', region: 'OR' })).toBeNull();
    expect(taxRateFor(rates, { country: 'AU', region: 'NSW' })).toBeNull();
  });
});

describe('salesTax', () => {
  it("taxes the lines at the state's rate, and not shipping where the rate says so", () => {
    // 2 × $24 = $48.00 at 7.25 % = $3.48; California does not tax this shipping.
    expect(salesTax(input({}))).toMatchObject({
      taxableCents: 4800,
      taxCents: 348,
      lineTaxCents: [348],
      shippingTaxCents: 0,
    });
  });

  it('taxes shipping where the rate says so', () => {
    // ($48.00 + $5.95) × 4 % = $2.158 → $2.16
    expect(salesTax(input({ address: { country: 'US', region: 'NY' } }))).toMatchObject({
      taxableCents: 5395,
      taxCents: 216,
      lineTaxCents: [192],
      shippingTaxCents: 24,
    });
  });

  it('charges nothing where no rate applies', () => {
    expect(salesTax(input({ address: { country: 'US', region: 'OR' } }))).toEqual({
      rate: null,
      taxableCents: 0,
      taxCents: 0,
      lineTaxCents: [0],
      shippingTaxCents: 0,
    });
    expect(salesTax(input({ address: { country: 'US', region: '' } })).taxCents).toBe(0);
  });

  it('lowers the taxable amount by discounts, and leaves sold-out lines out', () => {
    const items = [line(24, 2, 4.8), line(10, 1, 10), line(30, 1, 0, 0)];
    // ($48 − $4.80) + ($10 − $10) = $43.20 at 7.25 % = $3.132 → $3.13
    expect(salesTax(input({ items }))).toMatchObject({ taxableCents: 4320, taxCents: 313, lineTaxCents: [313, 0, 0] });
  });

  it('never taxes a line below nothing', () => {
    expect(salesTax(input({ items: [line(10, 1, 12)] })).taxCents).toBe(0);
  });

  it('rounds once per order, half a cent up', () => {
    // $10.00 at 6.25 % = 62.5 ¢ → 63 ¢
    expect(
      salesTax(input({ items: [line(10, 1)], shippingCents: 0, address: { country: 'US', region: 'TX' } })).taxCents,
    ).toBe(63);
    // $9.99 at 6.25 % = 62.4375 ¢ → 62 ¢
    expect(
      salesTax(input({ items: [line(9.99, 1)], shippingCents: 0, address: { country: 'US', region: 'TX' } })).taxCents,
    ).toBe(62);
    // Three lines of $0.08 at 6.25 % are 0.5 ¢ each: per line that would be 3 ¢, once per order 1.5 ¢ → 2 ¢.
    const threeSmall = salesTax(
      input({
        items: [line(0.08, 1), line(0.08, 1), line(0.08, 1)],
        shippingCents: 0,
        address: { country: 'US', region: 'TX' },
      }),
    );
    expect(threeSmall.taxCents).toBe(2);
    expect(threeSmall.lineTaxCents).toEqual([1, 1, 0]);
  });

  it('shares the tax out over lines and shipping so the shares add up to it', () => {
    const items = [line(19.99, 3), line(7.49, 1), line(64, 2, 12.8), line(3.33, 7)];
    for (const region of ['CA', 'NY', 'TX']) {
      const tax = salesTax(input({ items, shippingCents: 1495, address: { country: 'US', region } }));
      expect(tax.lineTaxCents.reduce((sum, cents) => sum + cents, 0) + tax.shippingTaxCents).toBe(tax.taxCents);
      expect(tax.lineTaxCents.every((cents) => cents >= 0)).toBe(true);
    }
  });

  it('keeps exact integer cents for large orders', () => {
    // $250,000.00 at 7.25 % = $18,125.00
    expect(salesTax(input({ items: [line(25_000, 10)] })).taxCents).toBe(1_812_500);
  });
});
