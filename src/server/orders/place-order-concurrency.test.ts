import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { createOrderTestShop, line, type OrderTestShop } from './order-test-support.ts';

describe('placing orders at once', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(10);
  });
  afterAll(() => shop.close());

  it('sells exactly the 10 in stock to 200 shoppers at once; the others get a clear refusal and no charge stays', async () => {
    const bag = shop.cart([line(shop.sku, 1)]);
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const tokens = await Promise.all(Array.from({ length: 200 }, () => shop.cardToken()));
    const responses = await Promise.all(tokens.map((token) => shop.placeOrder(bag, { payment: { token }, expected })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json<{ error: string }>().error).toBe(MESSAGES.orderSoldOut);
    }
    expect(await shop.stockOf()).toBe(0);
    const orders = await shop.db.selectFrom('order_lines').select(['qty']).where('sku', '=', shop.sku).execute();
    expect(orders).toHaveLength(10);
    // Every charge is captured for an order or released: none is left authorized.
    const payments = await shop.gatewayPayments();
    expect(payments.captured).toBe(10);
    expect(payments.authorized ?? 0).toBe(0);
  });

  it('counts a promo with a usage limit of 5 five times over 50 orders at once', async () => {
    await shop.db.updateTable('skus').set({ qty: 1000 }).where('sku', '=', shop.sku).execute();
    await shop.db
      .updateTable('promo_codes')
      .set({ usage_limit: 5, used_count: 0 })
      .where('code', '=', 'WELCOME10')
      .execute();
    const bag = shop.cart([line(shop.sku, 1)], { promo_code_code: 'WELCOME10' });
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const tokens = await Promise.all(Array.from({ length: 50 }, () => shop.cardToken()));
    const responses = await Promise.all(tokens.map((token) => shop.placeOrder(bag, { payment: { token }, expected })));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(45);
    const promo = await shop.db
      .selectFrom('promo_codes')
      .select('used_count')
      .where('code', '=', 'WELCOME10')
      .executeTakeFirstOrThrow();
    expect(promo.used_count).toBe(5);
    const withPromo = await shop.db
      .selectFrom('orders')
      .select('id')
      .where('promo_code_id', '=', 'promo-welcome10')
      .where('email', '=', 'robin@example.com')
      .execute();
    expect(withPromo).toHaveLength(5);
  });

  it('holds a per-customer promo limit', async () => {
    await shop.db
      .updateTable('promo_codes')
      .set({ usage_limit: null, usage_limit_per_customer: 1 })
      .where('code', '=', 'TAKE5')
      .execute();
    const bag = shop.cart([line(shop.sku, 2)], { promo_code_code: 'TAKE5', customer_email: 'once@example.com' });
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const responses = await Promise.all(
      Array.from({ length: 5 }, async () =>
        shop.placeOrder(bag, { payment: { token: await shop.cardToken() }, expected }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json<{ error: string }>().error).toBe(MESSAGES.promoUsedUp('TAKE5'));
  });

  it('spends one gift card from 20 orders at once without overdrawing it, its ledger adding up to its balance', async () => {
    await shop.db.updateTable('skus').set({ qty: 1000 }).where('sku', '=', shop.sku).execute();
    const stamp = new Date().toISOString();
    await shop.db
      .insertInto('gift_cards')
      .values({
        id: 'gift-shared',
        code: 'SHAR-EDGI-FTCA-RD22',
        initial_cents: 10000,
        balance_cents: 10000,
        recipient_email: null,
        recipient_name: null,
        message: null,
        purchaser_customer_id: null,
        order_id: null,
        created_at: stamp,
      })
      .execute();
    await shop.db
      .insertInto('gift_card_entries')
      .values({
        id: 'gift-shared-issued',
        gift_card_id: 'gift-shared',
        order_id: null,
        amount_cents: 10000,
        reason: 'issued',
        created_at: stamp,
      })
      .execute();
    const bag = shop.cart([line(shop.sku, 1)], {
      gift_card_payment_items: [{ code: 'SHAR-EDGI-FTCA-RD22', amount: 0 }],
    });
    // $20 and $5.95 shipping: the card pays all of each order while it can, so three fit in $100.
    expect((await shop.priced(bag)).updatedCart.totals.balance_due.amount).toBe(0);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => shop.placeOrder(bag, { payment: null, expected: 0 })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(17);
    const card = await shop.db
      .selectFrom('gift_cards')
      .select('balance_cents')
      .where('id', '=', 'gift-shared')
      .executeTakeFirstOrThrow();
    expect(card.balance_cents).toBe(10000 - 3 * 2595);
    const entries = await shop.db
      .selectFrom('gift_card_entries')
      .select('amount_cents')
      .where('gift_card_id', '=', 'gift-shared')
      .execute();
    expect(entries.reduce((sum, entry) => sum + entry.amount_cents, 0)).toBe(card.balance_cents);
    const paid = await shop.db
      .selectFrom('order_payments')
      .select('amount_cents')
      .where('method', '=', 'gift_card')
      .where('reference', '=', 'gift-shared')
      .execute();
    expect(paid.map((payment) => payment.amount_cents)).toEqual([2595, 2595, 2595]);
  });
});
