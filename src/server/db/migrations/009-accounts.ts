import type { Kysely } from 'kysely';

/**
 * What accounts need beyond the first schema (docs/decisions/014-accounts-and-sessions.md). Sessions with an
 * idle and an absolute timeout: expires_at is the absolute end set at sign-in, idle_expires_at moves forward
 * while the shopper is active, and remember_me says which pair of timeouts applies. The per-session CSRF token goes: state-changing requests are checked by
 * their Origin (http/cross-site-guard.ts), so nothing reads it. A verify token may carry the new e-mail
 * address it confirms (an e-mail change). The built-in captcha's tokens are recorded once used, until expired.
 * An address's is_default is the default shipping address; is_default_billing marks the default billing one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // '' is before every time: a session made before this migration has already idled out.
  await db.schema
    .alterTable('sessions')
    .addColumn('idle_expires_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').dropColumn('csrf_token').execute();
  await db.schema.createIndex('sessions_customer').on('sessions').column('customer_id').execute();
  await db.schema.alterTable('customer_tokens').addColumn('email', 'text').execute();
  await db.schema
    .createIndex('customer_tokens_customer')
    .on('customer_tokens')
    .columns(['customer_id', 'kind'])
    .execute();
  await db.schema
    .alterTable('addresses')
    .addColumn('is_default_billing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('captcha_token_uses')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_token_uses_expires').on('captcha_token_uses').column('expires_at').execute();
}
