import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { FAILED_ADDRESS_CHANGE_PATH, FAILED_CANCELLATION_PATH, type OrderView } from '../../shared/order.ts';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import { orderHash } from './order-links.ts';
import { createOrderTestShop, DENVER, line, SACRAMENTO, type OrderTestShop } from './order-test-support.ts';
import { LOOKUPS_PER_EMAIL } from './order-lookup.ts';

describe('an order after it is placed', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(100);
  });
  afterAll(() => shop.close());

  const view = async (order: Pick<OrderView, 'id' | 'hash'>) => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.id}/${order.hash}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: OrderView }>().data;
  };
  const place = async (...args: Parameters<OrderTestShop['placeOrder']>) => {
    const response = await shop.placeOrder(...args);
    expect(response.statusCode, response.body).toBe(200);
    return shop.orderOf(response);
  };
  const admin = (orderId: string, body: Record<string, unknown>, key = shop.config.adminApiKey) =>
    shop.app.inject({
      method: 'POST',
      url: `/admin-api/orders/${orderId}/status`,
      payload: body,
      headers: { authorization: `Bearer ${key}` },
    });

  it('shows the order by its link, and answers another hash or an unknown order with the same 404', async () => {
    const order = await place(shop.cart([line(shop.sku, 1)]));
    expect(order.hash).toBe(orderHash(shop.config.orderLinkSecret, order.id));
    expect((await view(order)).number).toBe(order.number);
    const otherHash = orderHash('another secret', order.id);
    for (const url of [
      `/api/orders/${order.id}/${otherHash}`,
      `/api/orders/${order.id}/x`,
      `/api/orders/no-such-order/${orderHash(shop.config.orderLinkSecret, 'no-such-order')}`,
    ]) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.orderNotFound });
    }
    const cancel = await shop.post(`/api/orders/${order.id}/${otherHash}/cancel`, {});
    expect(cancel.statusCode).toBe(404);
  });

  it('cancels within the window: card, gift card and store credit refunded, stock and the promo use returned', async () => {
    const card = await shop.db
      .selectFrom('gift_cards')
      .select(['id', 'code', 'balance_cents'])
      .where('balance_cents', '=', 2500)
      .executeTakeFirstOrThrow();
    await shop.db
      .updateTable('customers')
      .set({ store_credit_cents: 1000 })
      .where('id', '=', DEMO_CUSTOMER_ID)
      .execute();
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    const stock = await shop.stockOf();
    const used = (
      await shop.db
        .selectFrom('promo_codes')
        .select('used_count')
        .where('code', '=', 'WELCOME10')
        .executeTakeFirstOrThrow()
    ).used_count;
    const bag = shop.cart([line(shop.sku, 5)], {
      gift_card_payment_items: [{ code: card.code, amount: 0 }],
      promo_code_code: 'WELCOME10',
    });
    const order = await place(bag, { cookie });
    // $100 less 10 % is $90, shipping free; $10 of credit, then $25 of gift card, $55 on the card.
    expect(order.totals).toMatchObject({ total: 90, store_credit: 10, gift_cards: 25, card: 55 });
    expect(order.email).toBe('demo@acme.test');
    expect(order.gift_cards).toEqual([{ last4: card.code.slice(-4), amount: 25 }]);
    expect(await shop.stockOf()).toBe(stock - 5);

    const cancelled = await shop.post(`/api/orders/${order.id}/${order.hash}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json<{ data: OrderView }>().data;
    expect(after).toMatchObject({
      status: 'cancelled',
      can_cancel: false,
      can_change_address: false,
      cancel_until: null,
    });
    expect(after.totals.refunded).toBe(90);
    expect(after.history.map((event) => event.kind)).toEqual(['placed', 'paid', 'cancelled', 'card_refunded']);
    expect(await shop.stockOf()).toBe(stock);
    expect(
      (
        await shop.db
          .selectFrom('gift_cards')
          .select('balance_cents')
          .where('id', '=', card.id)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    ).toBe(2500);
    expect(
      (
        await shop.db
          .selectFrom('customers')
          .select('store_credit_cents')
          .where('id', '=', DEMO_CUSTOMER_ID)
          .executeTakeFirstOrThrow()
      ).store_credit_cents,
    ).toBe(1000);
    expect(
      (
        await shop.db
          .selectFrom('promo_codes')
          .select('used_count')
          .where('code', '=', 'WELCOME10')
          .executeTakeFirstOrThrow()
      ).used_count,
    ).toBe(used);
    const reference =
      (
        await shop.db
          .selectFrom('orders')
          .select('payment_reference')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).payment_reference ?? '';
    expect(
      await shop.db
        .selectFrom('payments')
        .select(['captured_cents', 'refunded_cents'])
        .where('id', '=', reference)
        .executeTakeFirstOrThrow(),
    ).toEqual({ captured_cents: 5500, refunded_cents: 5500 });
    const changes = await shop.db
      .selectFrom('product_changes')
      .select('product_id')
      .where('product_id', '=', shop.productId)
      .execute();
    expect(changes.length).toBeGreaterThanOrEqual(2);

    const again = await shop.post(`/api/orders/${order.id}/${order.hash}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MESSAGES.orderCancelUnavailable, redirect: FAILED_CANCELLATION_PATH });
  });

  it('writes no payment for a gift card in the bag when store credit pays for everything', async () => {
    const card = await shop.db
      .selectFrom('gift_cards')
      .select(['id', 'code', 'balance_cents'])
      .where('balance_cents', '=', 2500)
      .executeTakeFirstOrThrow();
    await shop.db
      .updateTable('customers')
      .set({ store_credit_cents: 100_000 })
      .where('id', '=', DEMO_CUSTOMER_ID)
      .execute();
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    const order = await place(
      shop.cart([line(shop.sku, 1)], { gift_card_payment_items: [{ code: card.code, amount: 0 }] }),
      { cookie },
    );
    expect(order.totals).toMatchObject({ gift_cards: 0, card: 0 });
    expect(order.gift_cards).toEqual([]);
    expect(
      await shop.db.selectFrom('order_payments').select('method').where('order_id', '=', order.id).execute(),
    ).toEqual([{ method: 'store_credit' }]);
    expect(
      await shop.db.selectFrom('gift_card_entries').select('id').where('order_id', '=', order.id).execute(),
    ).toEqual([]);
    expect(
      (
        await shop.db
          .selectFrom('gift_cards')
          .select('balance_cents')
          .where('id', '=', card.id)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    ).toBe(2500);
  });

  it('refuses a cancellation after the window or once shipped', async () => {
    const late = await place(shop.cart([line(shop.sku, 1)]));
    await shop.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('id', '=', late.id)
      .execute();
    expect((await view(late)).can_cancel).toBe(false);
    expect((await shop.post(`/api/orders/${late.id}/${late.hash}/cancel`, {})).json()).toMatchObject({
      redirect: FAILED_CANCELLATION_PATH,
    });
  });

  it('changes the address before shipping: a lower tax is refunded, a higher one refused, and none once shipped', async () => {
    const order = await place(shop.cart([line(shop.sku, 3)], { shipping_address: SACRAMENTO }));
    expect(order.totals.tax).toBe(4.35);
    const toDenver = await shop.post(`/api/orders/${order.id}/${order.hash}/address`, {
      shipping_address: { ...DENVER, address2: 'Unit 5' },
    });
    expect(toDenver.statusCode, toDenver.body).toBe(200);
    const moved = toDenver.json<{ data: OrderView }>().data;
    expect(moved.shipping_address).toMatchObject({ city: 'Denver', region: 'CO', address2: 'Unit 5' });
    expect(moved.totals).toMatchObject({ tax: 0, total: 60, refunded: 4.35 });
    expect(moved.history.map((event) => event.kind)).toContain('address_changed');

    const raise = await shop.post(`/api/orders/${order.id}/${order.hash}/address`, { shipping_address: SACRAMENTO });
    expect(raise.statusCode).toBe(422);
    expect(raise.json()).toEqual({ error: MESSAGES.orderAddressRaisesTax });
    const invalid = await shop.post(`/api/orders/${order.id}/${order.hash}/address`, {
      shipping_address: { ...DENVER, postcode: '' },
    });
    expect(invalid.json()).toEqual({
      error: MESSAGES.correctTheErrors,
      fields: { 'shipping_address.postcode': MESSAGES.zipCodeRequired },
    });

    expect(
      (await admin(order.id, { status: 'shipped', tracking_url: 'https://tracking.example.com/1Z999' })).statusCode,
    ).toBe(200);
    const shipped = await shop.post(`/api/orders/${order.id}/${order.hash}/address`, { shipping_address: DENVER });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toEqual({
      error: MESSAGES.orderAddressChangeUnavailable,
      redirect: FAILED_ADDRESS_CHANGE_PATH,
    });
  });

  it('lets the merchant move an order forward with the admin key, each move an event', async () => {
    const order = await place(shop.cart([line(shop.sku, 1)]));
    expect((await admin(order.id, { status: 'fulfilled' }, 'wrong key')).statusCode).toBe(401);
    expect((await admin(order.id, { status: 'delivered' })).statusCode).toBe(409);
    expect((await admin(order.id, { status: 'fulfilled' })).json()).toEqual({
      data: { from: 'paid', to: 'fulfilled' },
    });
    expect((await admin(order.id, { status: 'shipped' })).statusCode).toBe(422);
    expect(
      (await admin(order.id, { status: 'shipped', tracking_url: 'https://tracking.example.com/abc' })).statusCode,
    ).toBe(200);
    expect((await admin(order.id, { status: 'delivered' })).statusCode).toBe(200);
    expect((await admin(order.id, { status: 'refunded' })).statusCode).toBe(200);
    const seen = await view(order);
    expect(seen).toMatchObject({ status: 'refunded', tracking_url: 'https://tracking.example.com/abc' });
    expect(seen.history.map((event) => event.kind)).toEqual([
      'placed',
      'paid',
      'fulfilled',
      'shipped',
      'delivered',
      'refunded',
      'card_refunded',
    ]);
    expect(seen.history.find((event) => event.kind === 'shipped')?.data).toEqual({
      tracking_url: 'https://tracking.example.com/abc',
    });
    expect((await admin(order.id, { status: 'lost' })).statusCode).toBe(400);
  });

  it('answers a lookup the same whether or not the order exists, mails the link when it does, and limits lookups', async () => {
    const order = await place(shop.cart([line(shop.sku, 1)], { customer_email: 'Lookup@Example.com' }));
    const lookup = (number: number, email: string) => shop.post('/api/orders/lookup', { number, email });
    const known = await lookup(order.number, 'lookup@example.com');
    const unknown = await lookup(999_999, 'lookup@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: { message: MESSAGES.orderLookupSent } });
    expect(unknown.json()).toEqual(known.json());
    const mails = await shop.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('kind', '=', 'order-link')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body_text).toContain(`/order/${order.id}/${order.hash}`);

    const limited = [];
    for (let i = 0; i < LOOKUPS_PER_EMAIL; i++) limited.push(await lookup(order.number, 'lookup@example.com'));
    expect(limited.at(-1)?.statusCode).toBe(429);
    expect(limited.at(-1)?.json()).toEqual({ error: MESSAGES.orderLookupTooMany });
    expect((await lookup(order.number, 'not-an-email')).statusCode).toBe(422);
  });
});
