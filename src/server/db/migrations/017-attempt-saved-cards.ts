import type { Kysely } from 'kysely';

/**
 * Each checkout attempt records the saved card its authorization named (JSON of payments' SavedCardUse), so the
 * sweeper asks for that authorization again with the very request the checkout sent (checkout/checkout-attempts.ts):
 * Stripe answers a key reused with other parameters with an idempotency_error, and the hold would never be voided.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_attempts').addColumn('saved_card_use', 'text').execute();
}
