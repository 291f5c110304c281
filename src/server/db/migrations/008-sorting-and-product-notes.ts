import type { Kysely } from 'kysely';

/**
 * The shop's Best Sellers order reads how many units of each product have sold (the Newest order reads
 * created_at, which products already have); the product page shows the website config's delivery and returns
 * notes under Add to Bag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('website_config')
    .addColumn('product_delivery_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('website_config')
    .addColumn('product_returns_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
