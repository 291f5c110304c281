/**
 * The merchant's sales tax rate table (tax_rates): read for pricing, and changed one rate at a time by the
 * merchant's tools. A rate is checked before it is written, so the table never holds a rate pricing cannot use.
 */
import { findRegion, isCountryCode, regionsOf } from '../../shared/address-lists.ts';
import type { Db } from '../db/database.ts';
import type { TaxRateRow } from '../db/schema.ts';
import type { TaxRate } from './sales-tax.ts';

const NAME_MAX_LENGTH = 100;
const REGION_MAX_LENGTH = 50;

const fromRow = (row: TaxRateRow): TaxRate => ({
  country: row.country,
  region: row.region,
  name: row.name,
  ratePpm: row.rate_ppm,
  taxShipping: row.tax_shipping === 1,
});

/** Every rate, by country and region. */
export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await db.selectFrom('tax_rates').selectAll().orderBy('country').orderBy('region').execute();
  return rows.map(fromRow);
}

/** The rates of one country (its own and its regions'): what taxRateFor needs for an address there. */
export async function taxRatesOf(db: Db, country: string): Promise<TaxRate[]> {
  const rows = await db
    .selectFrom('tax_rates')
    .selectAll()
    .where('country', '=', country.trim().toUpperCase())
    .execute();
  return rows.map(fromRow);
}

/** Why the merchant cannot save this rate, or null. */
export function taxRateProblem(rate: TaxRate): string | null {
  if (!isCountryCode(rate.country)) return `${JSON.stringify(rate.country)} is not an ISO 3166-1 country code`;
  if (rate.region !== '' && regionsOf(rate.country) && !findRegion(rate.country, rate.region)) {
    return `${JSON.stringify(rate.region)} is not a region of ${rate.country}`;
  }
  if (rate.region.length > REGION_MAX_LENGTH) return `A region is at most ${REGION_MAX_LENGTH} characters`;
  if (!rate.name.trim() || rate.name.length > NAME_MAX_LENGTH)
    return `A rate needs a name of 1 to ${NAME_MAX_LENGTH} characters`;
  if (!Number.isInteger(rate.ratePpm) || rate.ratePpm < 0 || rate.ratePpm > 1_000_000) {
    return 'A rate is a whole number of parts per million from 0 to 1000000 (72500 is 7.25 %)';
  }
  return null;
}

/** Adds the rate, or replaces the one of the same country and region; a rate with a problem is refused. */
export async function saveTaxRate(
  db: Db,
  rate: TaxRate,
  now: Date,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const problem = taxRateProblem(rate);
  if (problem) return { ok: false, error: problem };
  const values = {
    name: rate.name.trim(),
    rate_ppm: rate.ratePpm,
    tax_shipping: rate.taxShipping ? (1 as const) : (0 as const),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('tax_rates')
    .values({ country: rate.country, region: rate.region, ...values })
    .onConflict((conflict) => conflict.columns(['country', 'region']).doUpdateSet(values))
    .execute();
  return { ok: true };
}

/** Removes a rate; true when there was one. */
export async function deleteTaxRate(db: Db, country: string, region: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tax_rates')
    .where('country', '=', country)
    .where('region', '=', region)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
