import type { Kysely } from 'kysely';

/**
 * A saved card the shopper deleted waits here until the gateway has let it go (Stripe detaches the PaymentMethod
 * from the account's Customer); the order sweeper retries one the gateway did not answer
 * (docs/decisions/040-deleting-a-saved-card.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_card_removals')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
