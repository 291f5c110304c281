import type { Kysely } from 'kysely';

/**
 * What the bag's pricing needs beyond the first schema: products sold as final sale (no returns or exchanges,
 * named in the bag's final-sale message) and promo codes that add a free gift sku to the bag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('final_sale', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('promo_codes').addColumn('gift_sku', 'text').execute();
}
