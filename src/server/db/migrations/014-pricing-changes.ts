import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The pricing change counter: what a bag's price is made of besides products (promo codes, shipping methods,
 * tax rates) raises it in the writing transaction, so each server's pricing read model
 * (src/server/pricing/pricing-read-model.ts) sees a change at its next priced bag, whichever process wrote.
 * Triggers raise it rather than the writers: the merchant edits promo codes and shipping methods in the
 * database itself, and an order's promo use counts too.
 */
const PRICING_TABLES = ['promo_codes', 'ship_methods', 'tax_rates'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pricing_change_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into pricing_change_counter (id, seq) values (1, 0)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function record_pricing_change() returns trigger language plpgsql as $$
      begin
        update pricing_change_counter set seq = seq + 1 where id = 1;
        return null;
      end
      $$`.execute(db);
    for (const table of PRICING_TABLES) {
      await sql`
        create trigger ${sql.id(`${table}_pricing_change`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function record_pricing_change()`.execute(db);
    }
    return;
  }
  for (const table of PRICING_TABLES) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      await sql`
        create trigger ${sql.id(`${table}_${event}_pricing_change`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update pricing_change_counter set seq = seq + 1 where id = 1; end`.execute(db);
    }
  }
}
