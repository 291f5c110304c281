import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { MAIL_MESSAGES } from '../../shared/mail-messages.ts';
import { createOrderTestShop, line, newKey, SACRAMENTO, type OrderTestShop } from './order-test-support.ts';

describe('POST /session-api/checkout/place-order', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(1000);
  });
  afterAll(() => shop.close());

  it('places a guest order: stock taken, card captured, lines and totals with tax, the confirmation in the outbox', async () => {
    const before = await shop.stockOf();
    const response = await shop.placeOrder(shop.cart([line(shop.sku, 2)], { shipping_address: SACRAMENTO }));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: { order: ReturnType<OrderTestShop['orderOf']>; redirect: string } }>();
    const { order } = data;
    expect(data.redirect).toBe(`/checkout-success/${order.id}/${order.hash}`);
    expect(order).toMatchObject({
      status: 'paid',
      email: 'robin@example.com',
      payment: { brand: 'visa', last4: '4242' },
    });
    // $40 at 7.25 % is $2.90; standard shipping is free over $50 only, and untaxed in California.
    expect(order.totals).toMatchObject({
      subtotal: 40,
      discount: 0,
      shipping: 5.95,
      tax: 2.9,
      total: 48.85,
      card: 48.85,
    });
    expect(order.lines).toMatchObject([{ sku: shop.sku, qty: 2, item_price: 20, tax: 2.9, total: 40 }]);
    expect(order.lines[0]?.image?.url).toMatch(/^\/media\//);
    expect(order.history.map((event) => event.kind)).toEqual(['placed', 'paid']);
    expect(order).toMatchObject({ can_change_address: true, can_cancel: true });
    expect(await shop.stockOf()).toBe(before - 2);
    const payment = await shop.db
      .selectFrom('payments')
      .selectAll()
      .where(
        'id',
        '=',
        (
          await shop.db
            .selectFrom('orders')
            .select('payment_reference')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).payment_reference ?? '',
      )
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'captured', captured_cents: 4885 });
    const mail = await shop.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'robin@example.com')
      .where('kind', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(MAIL_MESSAGES.orderConfirmationSubject(order.number));
    expect(mail.body_text).toContain(`/order/${order.id}/${order.hash}`);
    const config = await shop.db
      .selectFrom('website_config')
      .select('order_confirmation_text')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(config.order_confirmation_text);
    expect(mail.body_html).toContain(`href="http://127.0.0.1:3000/order/${order.id}/${order.hash}"`);
  });

  it('answers a declined card with 402 and the card’s message, leaving no order, no stock taken and no charge', async () => {
    const [stock, orders] = [await shop.stockOf(), await shop.db.selectFrom('orders').select('id').execute()];
    const declined = await shop.placeOrder(shop.cart([line(shop.sku, 1)]), {
      payment: { token: await shop.cardToken('4000000000000002') },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: MESSAGES.cardDeclined });
    const poor = await shop.placeOrder(shop.cart([line(shop.sku, 1)]), {
      payment: { token: await shop.cardToken('4000000000009995') },
    });
    expect(poor.json()).toEqual({ error: MESSAGES.cardInsufficientFunds });
    expect(await shop.stockOf()).toBe(stock);
    expect(await shop.db.selectFrom('orders').select('id').execute()).toHaveLength(orders.length);
    expect((await shop.gatewayPayments()).authorized ?? 0).toBe(0);
  });

  it('re-prices a tampered bag: the server’s prices and quantities, and a total other than the server’s is a 409 with the bag', async () => {
    const tampered = shop.cart([{ ...line(shop.sku, 1), item_price: 0.01, discount_amount: 19, qty: 1 }], {
      requested_ship_method: 'no-such-method',
      totals: {
        subtotal: { amount: 0.01 },
        discount: { amount: 0 },
        subtotal_after_discounts: { amount: 0.01 },
        tax: { amount: 0 },
        balance_due: { amount: 0.01 },
      },
    });
    const cheap = await shop.placeOrder(tampered, { expected: 0.01 });
    expect(cheap.statusCode).toBe(409);
    const body = cheap.json<{
      error: string;
      updatedCart: { totals: { balance_due: { amount: number } }; requested_ship_method: string };
    }>();
    expect(body.error).toBe(MESSAGES.orderPriceChanged);
    expect(body.updatedCart.totals.balance_due.amount).toBe(25.95);
    expect(body.updatedCart.requested_ship_method).toBe('standard');

    const placed = await shop.placeOrder(tampered);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(shop.orderOf(placed).totals).toMatchObject({ subtotal: 20, discount: 0, shipping: 5.95, card: 25.95 });
    expect(shop.orderOf(placed).ship_method.code).toBe('standard');
  });

  it('refuses a sold-out line with 409 and the bag as it is now', async () => {
    const scarce = await shop.db
      .selectFrom('skus')
      .select('sku')
      .where('sku', '!=', shop.sku)
      .where('qty', '>', 0)
      .executeTakeFirstOrThrow();
    await shop.db.updateTable('skus').set({ qty: 1 }).where('sku', '=', scarce.sku).execute();
    const bag = shop.cart([line(scarce.sku, 1)]);
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    await shop.db.updateTable('skus').set({ qty: 0 }).where('sku', '=', scarce.sku).execute();
    const soldOut = await shop.placeOrder(bag, { expected });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({
      error: MESSAGES.orderSoldOut,
      updatedCart: { items: [{ sku: scarce.sku, maxQty: 0 }] },
    });
  });

  it('answers invalid contact details with 422 and the spec’s messages by field', async () => {
    const response = await shop.placeOrder(
      shop.cart([line(shop.sku, 1)], {
        customer_email: 'not-an-address',
        shipping_address: { ...SACRAMENTO, postcode: '', city: ' ' },
        billing_address_same_as_shipping: false,
        billing_address: { ...SACRAMENTO, first_name: '' },
      }),
      { expected: 1 },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: MESSAGES.correctTheErrors,
      fields: {
        customer_email: MESSAGES.invalidEmail,
        'shipping_address.city': MESSAGES.cityRequired,
        'shipping_address.postcode': MESSAGES.zipCodeRequired,
        'billing_address.first_name': MESSAGES.firstNameRequired,
      },
    });
  });

  it('answers a repeat of the same key with the same order, and the same key with another bag with 409', async () => {
    const key = newKey();
    const bag = shop.cart([line(shop.sku, 1)]);
    const token = await shop.cardToken();
    const first = await shop.placeOrder(bag, { key, payment: { token } });
    const again = await shop.placeOrder(bag, { key, payment: { token } });
    expect(again.statusCode).toBe(200);
    expect(shop.orderOf(again).id).toBe(shop.orderOf(first).id);
    const other = await shop.placeOrder(shop.cart([line(shop.sku, 2)]), { key, payment: { token } });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: MESSAGES.orderKeyReused });
  });

  it('answers a repeat of an order its gift card paid for with the same order, though the card it spent is empty now', async () => {
    const stamp = new Date().toISOString();
    await shop.db
      .insertInto('gift_cards')
      .values({
        id: 'gift-repeat',
        code: 'REPE-ATGI-FTCA-RD22',
        initial_cents: 2500,
        balance_cents: 2500,
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
        id: 'gift-repeat-issued',
        gift_card_id: 'gift-repeat',
        order_id: null,
        amount_cents: 2500,
        reason: 'issued',
        created_at: stamp,
      })
      .execute();
    const key = newKey();
    const bag = shop.cart([line(shop.sku, 1)], {
      gift_card_payment_items: [{ code: 'REPE-ATGI-FTCA-RD22', amount: 0 }],
    });
    const token = await shop.cardToken();
    // $20 and $5.95 shipping: the card pays $25 of it and a card the rest.
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    expect(expected).toBe(0.95);
    const first = await shop.placeOrder(bag, { key, payment: { token }, expected });
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost: the page sends the very same request again.
    const again = await shop.placeOrder(bag, { key, payment: { token }, expected });
    expect(again.statusCode, again.body).toBe(200);
    expect(shop.orderOf(again).id).toBe(shop.orderOf(first).id);
    expect(
      (
        await shop.db
          .selectFrom('gift_card_entries')
          .select('amount_cents')
          .where('gift_card_id', '=', 'gift-repeat')
          .execute()
      ).map((entry) => entry.amount_cents),
    ).toEqual([2500, -2500]);
  });

  it('places one order and takes one charge for the same request sent 10 times at once', async () => {
    const key = newKey();
    const bag = shop.cart([line(shop.sku, 1)]);
    const token = await shop.cardToken();
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const stock = await shop.stockOf();
    const charges = (await shop.db.selectFrom('payments').select('id').execute()).length;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => shop.placeOrder(bag, { key, payment: { token }, expected })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((response) => shop.orderOf(response).id)).size).toBe(1);
    expect(await shop.stockOf()).toBe(stock - 1);
    expect((await shop.db.selectFrom('payments').select('id').execute()).length).toBe(charges + 1);
  });

  it('asks for a card when a balance is due, and refuses a token it does not know and another customer’s saved card', async () => {
    const bag = shop.cart([line(shop.sku, 1)]);
    expect((await shop.placeOrder(bag, { payment: null })).json()).toEqual({ error: MESSAGES.orderPaymentRequired });
    expect((await shop.placeOrder(bag, { payment: { token: 'tok_unknown' } })).json()).toEqual({
      error: MESSAGES.cardTokenUnknown,
    });
    const saved = await shop.db.selectFrom('saved_cards').select('id').executeTakeFirstOrThrow();
    expect((await shop.placeOrder(bag, { payment: { saved_card_id: saved.id } })).json()).toEqual({
      error: MESSAGES.savedCardNotFound,
    });
  });

  it('answers bad input with 400 and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /^idempotency_key: /],
      [
        { idempotency_key: 'short', cart: {}, payment: null, expected_balance_due: 1 },
        /^idempotency_key: .*at least 16/,
      ],
      [{ idempotency_key: newKey(), cart: [], payment: null, expected_balance_due: 1 }, /^cart: /],
      [
        { idempotency_key: newKey(), cart: {}, payment: { number: '4242424242424242' }, expected_balance_due: 1 },
        /^payment: /,
      ],
      [{ idempotency_key: newKey(), cart: {}, payment: null, expected_balance_due: -1 }, /^expected_balance_due: /],
    ];
    for (const [body, error] of cases) {
      const response = await shop.post('/session-api/checkout/place-order', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(error);
    }
  });
});

describe('POST /session-api/checkout/card-token', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop();
  });
  afterAll(() => shop.close());

  it('answers a token with the brand, last four and expiry, and never echoes or stores the number or CVC', async () => {
    const response = await shop.post('/session-api/checkout/card-token', {
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: 2031,
      cvc: '987',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { token: string } }>();
    expect(data).toEqual({
      token: expect.stringMatching(/^tok_/),
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2031,
    });
    expect(response.body).not.toContain('987');
    const stored = JSON.stringify(await shop.db.selectFrom('payment_tokens').selectAll().execute());
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('987');
  });

  it('refuses a bad card with 402 and the shared card messages', async () => {
    const refuse = (card: Record<string, unknown>) =>
      shop.post('/session-api/checkout/card-token', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2031,
        cvc: '123',
        ...card,
      });
    expect((await refuse({ number: '4242424242424241' })).json()).toEqual({ error: MESSAGES.cardNumberIncorrect });
    expect((await refuse({ exp_month: 13 })).json()).toEqual({ error: MESSAGES.cardExpiryInvalid });
    expect((await refuse({ cvc: '12' })).json()).toEqual({ error: MESSAGES.cardCvcInvalid });
    expect((await refuse({ number: '4242424242424241' })).statusCode).toBe(402);
    expect((await refuse({ cvc: 123 })).statusCode).toBe(400);
  });
});
