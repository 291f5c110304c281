import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { createTestDatabase, DEMO_NOW, testMediaStore, type TestDatabase } from '../test-support.ts';
import { salesTax } from './sales-tax.ts';
import { deleteTaxRate, listTaxRates, saveTaxRate, taxRateProblem, taxRatesOf } from './tax-rates.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoStore(database.db, {
    media: testMediaStore(database),
    brand: 'acme',
    productCount: 20,
    now: DEMO_NOW,
  });
});

afterAll(() => database.close());

describe('the tax rate table', () => {
  it("holds the demo's US state rates and none elsewhere", async () => {
    expect(await listTaxRates(database.db)).toEqual([
      { country: 'US', region: 'CA', name: 'California sales tax', ratePpm: 72_500, taxShipping: false },
      { country: 'US', region: 'NY', name: 'New York sales tax', ratePpm: 40_000, taxShipping: true },
      { country: 'US', region: 'TX', name: 'Texas sales tax', ratePpm: 62_500, taxShipping: true },
      { country: 'US', region: 'WA', name: 'Washington sales tax', ratePpm: 65_000, taxShipping: true },
    ]);
    expect(await taxRatesOf(database.db, 'au')).toEqual([]);
  });

  it('prices a Washington bag with the loaded rate', async () => {
    const rates = await taxRatesOf(database.db, 'US');
    const tax = salesTax({
      items: [{ item_price: 40, qty: 1, discount_amount: 0, maxQty: 5 }],
      shippingCents: 0,
      address: { country: 'US', region: 'WA' },
      rates,
    });
    expect(tax.taxCents).toBe(260);
  });

  it('lets the merchant add, change and remove a rate', async () => {
    const now = new Date('2026-11-02T00:00:00Z');
    expect(
      await saveTaxRate(
        database.db,
        { country: 'CA', region: '', name: 'GST', ratePpm: 50_000, taxShipping: true },
        now,
      ),
    ).toEqual({ ok: true });
    expect(
      await saveTaxRate(
        database.db,
        { country: 'CA', region: '', name: 'GST (5 %)', ratePpm: 50_000, taxShipping: true },
        now,
      ),
    ).toEqual({ ok: true });
    expect(await taxRatesOf(database.db, 'CA')).toEqual([
      { country: 'CA', region: '', name: 'GST (5 %)', ratePpm: 50_000, taxShipping: true },
    ]);
    expect(await deleteTaxRate(database.db, 'CA', '')).toBe(true);
    expect(await deleteTaxRate(database.db, 'CA', '')).toBe(false);
    expect(await taxRatesOf(database.db, 'CA')).toEqual([]);
  });

  it('refuses a rate pricing could not use, and writes nothing', async () => {
    const now = new Date('2026-11-02T00:00:00Z');
    const result = await saveTaxRate(
      database.db,
      { country: 'US', region: 'PR', name: 'Puerto Rico', ratePpm: 115_000, taxShipping: false },
      now,
    );
    expect(result).toEqual({ ok: false, error: '"PR" is not a region of US' });
    expect(await taxRatesOf(database.db, 'US')).toHaveLength(4);
  });
});

describe('taxRateProblem', () => {
  const rate = { country: 'US', region: 'OR', name: 'Oregon', ratePpm: 0, taxShipping: false };

  it('accepts a listed country and region, a name and a rate from 0 to 100 %', () => {
    expect(taxRateProblem(rate)).toBeNull();
    expect(taxRateProblem({ ...rate, country: 'AU', region: 'New South Wales', ratePpm: 100_000 })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(taxRateProblem({ ...rate, country: 'XX' })).toMatch(/country code/);
    expect(taxRateProblem({ ...rate, region: 'ZZ' })).toMatch(/not a region of US/);
    expect(taxRateProblem({ ...rate, name: ' ' })).toMatch(/name/);
    expect(taxRateProblem({ ...rate, ratePpm: 7.25 })).toMatch(/parts per million/);
    expect(taxRateProblem({ ...rate, ratePpm: 1_000_001 })).toMatch(/parts per million/);
  });
});
