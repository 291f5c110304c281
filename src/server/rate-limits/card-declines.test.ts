import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { Cart } from '../../shared/cart.ts';
import { createOrderTestShop, line, newKey, type OrderTestShop } from '../orders/order-test-support.ts';
import { CARD_DECLINES_EXPLAINED, CARD_DECLINES_PER_WINDOW } from './card-declines.ts';

/** The built-in gateway's decline cards (payments/test-cards.ts), each with the reason it tells. */
const INSUFFICIENT_FUNDS = '4000000000009995';
const INCORRECT_CVC = '4000000000000127';

/** A card tester's run: one address, one e-mail, a new stolen number each time. */
describe('card testing', { timeout: 120_000 }, () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(1000);
  });
  afterAll(() => shop.close());

  const authorizations = async () =>
    (await shop.db.selectFrom('payment_operations').select('idempotency_key').where('kind', '=', 'authorize').execute())
      .length;

  async function placeOrder(bag: Cart, options: { from: string; card: string; key?: string }) {
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const payload = {
      idempotency_key: options.key ?? newKey(),
      cart: bag,
      payment: { token: await shop.cardToken(options.card) },
      expected_balance_due: expected,
    };
    return shop.app.inject({
      method: 'POST',
      url: '/session-api/checkout/place-order',
      payload,
      remoteAddress: options.from,
    });
  }

  it('tells the reason of the first declines only, then refuses past the limit without asking the gateway', async () => {
    const bag = shop.cart([line(shop.sku, 1)], { customer_email: 'tester@example.com' });
    const errors: string[] = [];
    for (let attempt = 0; attempt < CARD_DECLINES_PER_WINDOW; attempt += 1) {
      const response = await placeOrder(bag, {
        from: '203.0.113.50',
        card: attempt % 2 === 0 ? INSUFFICIENT_FUNDS : INCORRECT_CVC,
      });
      expect(response.statusCode).toBe(402);
      errors.push(response.json<{ error: string }>().error);
    }
    expect(errors.slice(0, CARD_DECLINES_EXPLAINED)).toEqual([
      MESSAGES.cardInsufficientFunds,
      MESSAGES.cardCvcIncorrect,
      MESSAGES.cardInsufficientFunds,
    ]);
    expect(new Set(errors.slice(CARD_DECLINES_EXPLAINED))).toEqual(new Set([MESSAGES.cardDeclined]));

    const asked = await authorizations();
    const refused = await placeOrder(bag, { from: '203.0.113.50', card: INSUFFICIENT_FUNDS });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MESSAGES.cardTooManyDeclines });
    // Each key on its own holds: another address with the same e-mail and bag is refused too.
    expect((await placeOrder(bag, { from: '203.0.113.51', card: '4242424242424242' })).statusCode).toBe(429);
    expect(await authorizations()).toBe(asked);

    const other = shop.cart([line(shop.sku, 2)], { customer_email: 'someone-else@example.com' });
    const elsewhere = await placeOrder(other, { from: '203.0.113.60', card: INSUFFICIENT_FUNDS });
    expect(elsewhere.statusCode).toBe(402);
    expect(elsewhere.json()).toEqual({ error: MESSAGES.cardInsufficientFunds });
    expect((await placeOrder(other, { from: '203.0.113.60', card: '4242424242424242' })).statusCode).toBe(200);
  });

  it('asks the gateway no more than the limit when a tester sends every card at once', async () => {
    const bag = shop.cart([line(shop.sku, 5)], { customer_email: 'hurried@example.com' });
    const asked = await authorizations();
    const responses = await Promise.all(
      Array.from({ length: 2 * CARD_DECLINES_PER_WINDOW }, () =>
        placeOrder(bag, { from: '203.0.113.90', card: INSUFFICIENT_FUNDS }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 402)).toHaveLength(CARD_DECLINES_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CARD_DECLINES_PER_WINDOW);
    expect((await authorizations()) - asked).toBe(CARD_DECLINES_PER_WINDOW);
  });

  it('counts the retries of one checkout key once', async () => {
    const bag = shop.cart([line(shop.sku, 3)], { customer_email: 'retrying@example.com' });
    const key = newKey();
    const token = await shop.cardToken(INSUFFICIENT_FUNDS);
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const payload = { idempotency_key: key, cart: bag, payment: { token }, expected_balance_due: expected };
    for (let attempt = 0; attempt < CARD_DECLINES_PER_WINDOW + 2; attempt += 1) {
      const again = await shop.app.inject({
        method: 'POST',
        url: '/session-api/checkout/place-order',
        payload,
        remoteAddress: '203.0.113.70',
      });
      expect(again.json()).toEqual({ error: MESSAGES.cardInsufficientFunds });
    }
    for (let attempt = 1; attempt < CARD_DECLINES_EXPLAINED; attempt += 1) {
      expect((await placeOrder(bag, { from: '203.0.113.70', card: INSUFFICIENT_FUNDS })).json()).toEqual({
        error: MESSAGES.cardInsufficientFunds,
      });
    }
    expect((await placeOrder(bag, { from: '203.0.113.70', card: INSUFFICIENT_FUNDS })).json()).toEqual({
      error: MESSAGES.cardDeclined,
    });
  });

  it('counts every new card tried under one checkout key', async () => {
    const bag = shop.cart([line(shop.sku, 6)], { customer_email: 'one-page@example.com' });
    const key = newKey();
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const errors: string[] = [];
    for (let attempt = 0; attempt <= CARD_DECLINES_PER_WINDOW; attempt += 1) {
      const payload = {
        idempotency_key: key,
        cart: bag,
        payment: { token: await shop.cardToken(INSUFFICIENT_FUNDS) },
        expected_balance_due: expected,
      };
      const response = await shop.app.inject({
        method: 'POST',
        url: '/session-api/checkout/place-order',
        payload,
        remoteAddress: `203.0.113.${100 + attempt}`,
      });
      errors.push(response.json<{ error: string }>().error);
    }
    expect(errors[CARD_DECLINES_EXPLAINED]).toBe(MESSAGES.cardDeclined);
    expect(errors[CARD_DECLINES_PER_WINDOW]).toBe(MESSAGES.cardTooManyDeclines);
  });

  it('never shuts other shoppers out of the bag a tester used', async () => {
    const bag = (email: string) => shop.cart([line(shop.sku, 1)], { customer_email: email });
    for (let attempt = 0; attempt < CARD_DECLINES_PER_WINDOW; attempt += 1) {
      await placeOrder(bag('same-bag-tester@example.com'), { from: '203.0.113.120', card: INSUFFICIENT_FUNDS });
    }
    expect(
      (await placeOrder(bag('same-bag-tester@example.com'), { from: '203.0.113.120', card: INSUFFICIENT_FUNDS }))
        .statusCode,
    ).toBe(429);
    expect(
      (await placeOrder(bag('first-in-line@example.com'), { from: '203.0.113.121', card: '4242424242424242' }))
        .statusCode,
    ).toBe(200);
  });

  it('counts gift card purchases with orders, per address, e-mail and purchase', async () => {
    const buy = async (card: string, from: string) => {
      const payload = {
        idempotency_key: newKey(),
        amount: 25,
        recipient_name: 'Jamie',
        recipient_email: 'jamie@example.com',
        buyer_email: 'gift-tester@example.com',
        payment: { token: await shop.cardToken(card) },
      };
      return shop.app.inject({ method: 'POST', url: giftCardPurchaseEndpoint.path, payload, remoteAddress: from });
    };
    const errors: string[] = [];
    for (let attempt = 0; attempt <= CARD_DECLINES_EXPLAINED; attempt += 1)
      errors.push((await buy(INCORRECT_CVC, '203.0.113.80')).json<{ error: string }>().error);
    expect(errors).toEqual([
      ...Array<string>(CARD_DECLINES_EXPLAINED).fill(MESSAGES.cardCvcIncorrect),
      MESSAGES.cardDeclined,
    ]);
    // The same address's order declines count in its window too.
    const bag = shop.cart([line(shop.sku, 4)], { customer_email: 'another-tester@example.com' });
    for (let attempt = CARD_DECLINES_EXPLAINED + 1; attempt < CARD_DECLINES_PER_WINDOW; attempt += 1) {
      expect((await placeOrder(bag, { from: '203.0.113.80', card: INCORRECT_CVC })).json()).toEqual({
        error: MESSAGES.cardDeclined,
      });
    }
    const asked = await authorizations();
    const refused = await buy('4242424242424242', '203.0.113.80');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MESSAGES.cardTooManyDeclines });
    expect(await authorizations()).toBe(asked);
  });
});
