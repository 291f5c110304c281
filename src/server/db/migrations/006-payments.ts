import { sql, type Kysely } from 'kysely';

/**
 * The built-in test gateway's records (src/server/payments/test-gateway.ts): card tokens holding only what a
 * receipt shows (never a number or a CVC), payments with their authorized, captured and refunded cents, and
 * every operation under its idempotency key with the result it gave, so a retry gets the first answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    // approved, or the decline code the test number stands for.
    .addColumn('test_outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().references('payment_tokens.token'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('authorized_cents', 'integer', (c) => c.notNull())
    .addColumn('captured_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // The last guard: no capture beyond the authorization, no refund beyond the capture, whatever the code does.
    .addCheckConstraint(
      'payments_amounts',
      sql`0 <= refunded_cents and refunded_cents <= captured_cents and captured_cents <= authorized_cents`,
    )
    .execute();

  await db.schema
    .createTable('payment_operations')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    // authorize, charge, capture, refund or void
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.references('payments.id'))
    .addColumn('amount_cents', 'integer')
    // The request as JSON: the same key sent with another request is refused, not answered with this one's result.
    .addColumn('request', 'text', (c) => c.notNull())
    // approved or declined; errors are not kept, so a retry runs again.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_operations_payment').on('payment_operations').column('payment_id').execute();
}
