import type { Kysely } from 'kysely';

/**
 * A page's text as written in Markdown (src/server/content/content-folder.ts), beside the Html block made from it,
 * so a content folder exported from the shop reads as it was imported. Empty for a page made of blocks only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_content')
    .addColumn('markdown', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
