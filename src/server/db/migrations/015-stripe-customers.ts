import type { Kysely } from 'kysely';

/**
 * The Stripe Customer of each account that saved a card with Stripe (payments/stripe-customers.ts): a card saved
 * at checkout is attached to it, and a saved card pays again only through it. One per account, the first kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_customers')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
