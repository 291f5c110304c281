import { sql, type Kysely } from 'kysely';

/**
 * The merchant undoing a gift card purchase (src/server/gift-cards/refund-gift-card-purchase.ts): the purchase
 * records when it was refunded, what went back to the buyer's card and what was taken off the promotion's
 * bonus; its cards are withdrawn (no longer spent, given back to or e-mailed); and each amount owed to the
 * buyer's card is a row, pending until the gateway has voided or refunded it, so a crash in between is finished
 * by the sweeper.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gift_card_purchases').addColumn('refunded_at', 'text').execute();
  await db.schema
    .alterTable('gift_card_purchases')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('gift_card_purchases')
    .addColumn('bonus_withdrawn_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('gift_cards').addColumn('withdrawn_at', 'text').execute();
  await db.schema
    .createTable('gift_card_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('gift_card_purchases.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    // pending (the gateway has not confirmed it yet) or done
    .addColumn('status', 'text', (c) => c.notNull())
    // refund (the merchant's), or the reason of an order's refund that gave money back to a withdrawn card
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_card_refunds_status')
    .on('gift_card_refunds')
    .columns(['status', 'created_at'])
    .execute();
}
