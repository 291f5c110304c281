import type { Kysely } from 'kysely';

/** Sign-up and content-form submissions (the footer sign-up, Form and Sign Up blocks). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('form_submissions_form_email', ['form_id', 'email'])
    .execute();
}
