import { sql, type Kysely } from 'kysely';

/**
 * The product change feed the search indexer follows (see src/server/catalogue/product-changes.ts). Sequence
 * numbers come from the one counter row rather than an identity column: a writer takes its numbers by updating
 * that row, which PostgreSQL keeps locked until the writer commits, so numbers become visible in order and with
 * no gaps on both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_change_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into product_change_counter (id, seq) values (1, 0)`.execute(db);
  await db.schema
    .createTable('product_changes')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    // Null: every product may have changed (a content block, a facet group, a catalogue reload).
    .addColumn('product_id', 'text')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_changes_changed_at').on('product_changes').column('changed_at').execute();
}
