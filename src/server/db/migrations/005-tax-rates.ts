import { sql, type Kysely } from 'kysely';

/**
 * The merchant's sales tax rates by country and region (docs/decisions/012-addresses-and-tax.md). A rate is
 * in parts per million of the taxable amount (72500 is 7.25 %), so rates such as 8.875 % stay exact integers;
 * region '' is the rate of the whole country, used where no region of it has its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_rates')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rate_ppm', 'integer', (c) => c.notNull().check(sql`rate_ppm >= 0 AND rate_ppm <= 1000000`))
    .addColumn('tax_shipping', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_rates_pk', ['country', 'region'])
    .execute();
}
