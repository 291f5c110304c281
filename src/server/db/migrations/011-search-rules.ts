import { sql, type Kysely } from 'kysely';

/**
 * The merchant's synonyms and overrides (curation rules) of the search collections, kept here so they outlive
 * the process: the search API writes them (src/server/search/http/curation-routes.ts) and the indexer installs
 * them at every build (src/server/catalogue/search-index/search-rules.ts). `definition` is the rule's JSON as
 * Typesense's API takes it, without its id. A clothing shop starts with the synonyms shoppers use most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['search_synonyms', 'search_overrides']) {
    await db.schema
      .createTable(table)
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['collection', 'id'])
      .execute();
  }
  const seeded = new Date(0).toISOString();
  const synonyms: [string, string[]][] = [
    ['tee-t-shirt', ['tee', 'tees', 't-shirt', 't-shirts']],
    ['boxer-brief-trunk', ['boxer brief', 'boxer briefs', 'trunk', 'trunks']],
    ['sweats-joggers', ['sweats', 'sweatpants', 'jogger', 'joggers']],
  ];
  for (const [id, words] of synonyms) {
    const definition = JSON.stringify({ synonyms: words });
    await sql`insert into search_synonyms (collection, id, definition, updated_at) values ('products', ${id}, ${definition}, ${seeded})`.execute(
      db,
    );
  }
}
