import type { Kysely } from 'kysely';

/**
 * A post's author and role, the catalogue tags of the products shown under it, and its body as written in
 * Markdown (src/server/content/content-folder.ts), so a folder exported from the shop reads as it was imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['author', 'author_role', 'markdown'])
    await db.schema
      .alterTable('posts')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('product_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
