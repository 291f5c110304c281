import { sql, type Kysely } from 'kysely';

/**
 * The content change counter (see src/server/content/content-changes.ts): every writer of what pages show besides
 * products (site content, posts, the website config, size charts, navigation) raises it in its transaction, and
 * each server's cache of rendered pages empties when it sees the counter move, whichever process wrote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_change_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into content_change_counter (id, seq) values (1, 0)`.execute(db);
}
