import { sql, type Kysely } from 'kysely';

/**
 * Buying gift cards (src/server/gift-cards/): a purchase is paid by card like an order, under an idempotency
 * key kept in order_attempts (which now names the purchase it made), and writes its cards, their first ledger
 * rows and the promotion's bonus in one transaction. A card knows the purchase it came from, what kind it is
 * (bought, a promotion's bonus, or issued by the shop), the day it is to be e-mailed and when it was. The
 * website config gains the amounts the gift card page offers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gift_card_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    // Where the receipt goes: the signed-in customer's address, or the guest's.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    // The promotion's bonus: a card (gift_cards of kind bonus) or store credit; 0 when none.
    .addColumn('bonus_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`bonus_cents >= 0`),
    )
    .addColumn('bonus_kind', 'text')
    .addColumn('payment_reference', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    // authorized until the gateway captures it, then captured
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_card_purchases_payment')
    .on('gift_card_purchases')
    .columns(['payment_status', 'created_at'])
    .execute();

  await db.schema
    .alterTable('order_attempts')
    .addColumn('gift_card_purchase_id', 'text', (c) => c.references('gift_card_purchases.id').onDelete('set null'))
    .execute();

  await db.schema
    .alterTable('gift_cards')
    .addColumn('purchase_id', 'text', (c) => c.references('gift_card_purchases.id').onDelete('set null'))
    .execute();
  // purchased, bonus or issued (by the shop: the demo's, a goodwill card)
  await db.schema
    .alterTable('gift_cards')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('issued'))
    .execute();
  await db.schema.alterTable('gift_cards').addColumn('sender_name', 'text').execute();
  // The shop's calendar day (SHOP_TIME_ZONE) the recipient is e-mailed on; null for a card not e-mailed.
  await db.schema.alterTable('gift_cards').addColumn('deliver_on', 'text').execute();
  await db.schema.alterTable('gift_cards').addColumn('delivered_at', 'text').execute();
  await db.schema.createIndex('gift_cards_due').on('gift_cards').columns(['delivered_at', 'deliver_on']).execute();
  await db.schema.createIndex('gift_cards_purchaser').on('gift_cards').column('purchaser_customer_id').execute();

  // Whole dollars, as a JSON list: the amounts the gift card page offers besides a custom one.
  await db.schema
    .alterTable('website_config')
    .addColumn('gift_card_denominations', 'text', (c) => c.notNull().defaultTo('[25,50,100,150,200]'))
    .execute();
}
