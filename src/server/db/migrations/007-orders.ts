import { sql, type Kysely } from 'kysely';

/**
 * What placing and managing orders needs beyond the first schema (docs/decisions/013-placing-orders.md):
 * checkout attempts under their idempotency keys, the order's payments and refunds, its lines' tax and its
 * tracking link, promo uses per customer, store-credit and gift-card ledgers, the order number counter and
 * the rate-limit counters of the order lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_attempts')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    // SHA-256 of what was asked for: the same key with another request is refused.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // authorizing, ordered, voiding or failed
    .addColumn('status', 'text', (c) => c.notNull())
    // Each try after a failure authorizes under its own gateway key.
    .addColumn('try_number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('card_token', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    // The answer given to a failed try ({status, body}), repeated to the requests that waited for it.
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_attempts_status').on('order_attempts').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('order_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // card, gift_card or store_credit
    .addColumn('method', 'text', (c) => c.notNull())
    // The gateway's payment id, the gift card's id or the customer's id.
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    // authorized (a card not captured yet) or captured
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('order_payments_amounts', sql`0 <= refunded_cents and refunded_cents <= amount_cents`)
    .execute();
  await db.schema.createIndex('order_payments_order').on('order_payments').column('order_id').execute();
  await db.schema.createIndex('order_payments_status').on('order_payments').columns(['method', 'status']).execute();

  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('payment_id', 'text', (c) => c.notNull().references('order_payments.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // pending (the gateway has not confirmed it yet) or done
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_refunds_status').on('order_refunds').column('status').execute();

  await db.schema
    .alterTable('order_lines')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('tracking_url', 'text').execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'created_at']).execute();

  await db.schema.alterTable('promo_codes').addColumn('usage_limit_per_customer', 'integer').execute();
  await db.schema
    .createTable('promo_code_customer_uses')
    .addColumn('promo_code_id', 'text', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    // The customer's id, or a guest's e-mail in lower case.
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('used_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_count >= 0`),
    )
    .addPrimaryKeyConstraint('promo_code_customer_uses_pk', ['promo_code_id', 'customer_key'])
    .execute();

  await db.schema
    .createTable('store_credit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    // Negative when spent, positive when given back.
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('store_credit_entries_customer')
    .on('store_credit_entries')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('gift_card_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gift_card_id', 'text', (c) => c.notNull().references('gift_cards.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_card_entries_card').on('gift_card_entries').column('gift_card_id').execute();

  // One row: the last order number handed out. Updating it locks it until commit, so numbers never repeat.
  await db.schema
    .createTable('order_number_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into order_number_counter (id, last_number) values (1, 100000)`.execute(db);

  // Requests counted per key (an address or an e-mail) and window, so a limit holds across restarts and servers.
  await db.schema
    .createTable('rate_limit_counts')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counts_pk', ['bucket', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_counts_window').on('rate_limit_counts').column('window_start').execute();
}
