/**
 * Saving a card at checkout with Stripe (against the fake of payments/stripe-test-support.ts): the card saved with
 * an order pays the next one, which Stripe allows only through the account's Customer, and no other account's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { OrderPayment } from '../../shared/order.ts';
import { insertCustomer, ROBIN, SAM } from '../accounts/account-test-support.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { sweepAbandonedAttempts } from '../checkout/checkout-attempts.ts';
import type { AuthorizeRequest, AuthorizeResult } from '../payments/payment-gateway.ts';
import { stripeCustomersIn } from '../payments/stripe-customers.ts';
import { sweepSavedCardRemovals } from '../payments/saved-cards.ts';
import type { StripeGateway } from '../payments/stripe-gateway.ts';
import { FakeStripe, fakeStripeGateway, type RecordedRequest } from '../payments/stripe-test-support.ts';
import { createOrderTestShop, line, newKey, type OrderTestShop } from './order-test-support.ts';

describe('saving a card at checkout with Stripe', () => {
  const stripe = new FakeStripe();
  let shop: OrderTestShop;
  let demoCookie: string;
  let samCookie: string;
  let robinCookie: string;
  let gateway: StripeGateway;
  /** Set, the shop's gateway stops the request once Stripe has authorized, as a server that died there would. */
  let stopAfterAuthorizing = false;
  let lastAuthorized: AuthorizeResult | null = null;
  beforeAll(async () => {
    const port = await stripe.start();
    shop = await createOrderTestShop(1000, {
      paymentGatewayFor: (db) => {
        gateway = fakeStripeGateway(port, stripeCustomersIn(db));
        return Object.assign(Object.create(gateway) as StripeGateway, {
          async authorize(request: AuthorizeRequest) {
            lastAuthorized = await gateway.authorize(request);
            if (stopAfterAuthorizing) throw new Error('the server stopped after the card was authorized');
            return lastAuthorized;
          },
        });
      },
    });
    demoCookie = await shop.signIn(DEMO_CUSTOMER_ID);
    await insertCustomer(shop.db, SAM);
    samCookie = await shop.signIn(SAM.id);
    await insertCustomer(shop.db, ROBIN);
    robinCookie = await shop.signIn(ROBIN.id);
  });
  afterAll(async () => {
    await shop.close();
    await stripe.stop();
  });

  /** The card pays it all: the demo customer's store credit is left alone. */
  const bag = () => shop.cart([line(shop.sku, 1)], { use_store_credit: false });
  async function place(cookie: string, payment: OrderPayment, saveCard = false) {
    const expected = (await shop.priced(bag(), cookie)).updatedCart.totals.balance_due.amount;
    return shop.post(
      '/session-api/checkout/place-order',
      { idempotency_key: newKey(), cart: bag(), payment, expected_balance_due: expected, save_card: saveCard },
      cookie,
    );
  }
  const savedCardOf = (customerId: string, token: string) =>
    shop.db
      .selectFrom('saved_cards')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
  const stripeCustomerOf = async (customerId: string) =>
    (
      await shop.db
        .selectFrom('stripe_customers')
        .select('stripe_customer_id')
        .where('customer_id', '=', customerId)
        .executeTakeFirst()
    )?.stripe_customer_id;
  const intentsCreated = (requests: RecordedRequest[]) =>
    requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');

  it('saves the new card on the account’s Stripe Customer, and it pays the next order', async () => {
    const token = await shop.cardToken();
    const first = await place(demoCookie, { token }, true);
    expect(first.statusCode, first.body).toBe(200);
    const customer = await stripeCustomerOf(DEMO_CUSTOMER_ID);
    expect(customer).toMatch(/^cus_/);
    expect(stripe.customerOf(token)).toBe(customer);
    expect(intentsCreated(stripe.requests).at(-1)?.form).toMatchObject({ customer, setup_future_usage: 'off_session' });
    const saved = await savedCardOf(DEMO_CUSTOMER_ID, token);

    stripe.reset();
    const again = await place(demoCookie, { saved_card_id: saved.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(shop.orderOf(again).payment).toMatchObject({ last4: '4242' });
    const [intent] = intentsCreated(stripe.requests);
    expect(intent?.form).toMatchObject({ customer });
    expect(intent?.form).not.toHaveProperty('setup_future_usage');
    // One Customer for the account, however many cards it saves.
    expect(stripe.requests.filter((request) => request.path === '/v1/customers')).toEqual([]);
  });

  it('refuses a card another account saved, by its saved card and by its PaymentMethod', async () => {
    const samsToken = await shop.cardToken('5555555555554444');
    expect((await place(samCookie, { token: samsToken }, true)).statusCode).toBe(200);
    const samsCard = await savedCardOf(SAM.id, samsToken);

    const bySavedCard = await place(demoCookie, { saved_card_id: samsCard.id });
    expect(bySavedCard.statusCode).toBe(422);
    expect(bySavedCard.json()).toMatchObject({ error: MESSAGES.savedCardNotFound });
    // Sent as a new card, Stripe refuses it: it is attached to Sam's Customer.
    const byToken = await place(demoCookie, { token: samsToken });
    expect(byToken.statusCode).toBe(402);
    expect(stripe.customerOf(samsToken)).toBe(await stripeCustomerOf(SAM.id));
  });

  describe('a checkout that stopped after Stripe authorized the card', () => {
    /** Places the order with the server stopping after the authorization: the attempt is left authorizing. */
    async function placeAndStop(payment: OrderPayment, saveCard: boolean) {
      stopAfterAuthorizing = true;
      try {
        expect((await place(robinCookie, payment, saveCard)).statusCode).toBe(500);
      } finally {
        stopAfterAuthorizing = false;
      }
      if (lastAuthorized?.status !== 'approved') throw new Error('not authorized');
      return lastAuthorized.paymentId;
    }
    /** The sweep a minute on: it asks for the authorization again under its key, then voids it. */
    const sweep = () => sweepAbandonedAttempts({ db: shop.db, gateway }, new Date(Date.now() + 60_000));

    it('is voided by the sweep when the card was to be saved', async () => {
      const paymentId = await placeAndStop({ token: await shop.cardToken() }, true);
      expect(stripe.intentStatus(paymentId)).toBe('requires_capture');

      expect(await sweep()).toBe(1);
      expect(stripe.intentStatus(paymentId)).toBe('canceled');
    });

    it('is voided by the sweep when a saved card paid', async () => {
      const token = await shop.cardToken();
      expect((await place(robinCookie, { token }, true)).statusCode).toBe(200);
      const saved = await savedCardOf(ROBIN.id, token);
      const paymentId = await placeAndStop({ saved_card_id: saved.id }, false);

      expect(await sweep()).toBe(1);
      expect(stripe.intentStatus(paymentId)).toBe('canceled');
    });
  });

  describe('deleting a saved card from the wallet', () => {
    /** A new card Robin saved with an order, attached to Robin's Stripe Customer. */
    async function savedCard() {
      const token = await shop.cardToken();
      expect((await place(robinCookie, { token }, true)).statusCode).toBe(200);
      expect(stripe.customerOf(token)).toMatch(/^cus_/);
      return { token, id: (await savedCardOf(ROBIN.id, token)).id };
    }
    const deleteCard = (id: string) =>
      shop.app.inject({
        method: 'DELETE',
        url: `/session-api/account/cards/${id}`,
        cookies: { [SESSION_COOKIE]: robinCookie },
      });
    const walletCards = async () =>
      (
        await shop.app.inject({
          method: 'GET',
          url: '/session-api/account/wallet',
          cookies: { [SESSION_COOKIE]: robinCookie },
        })
      ).json<{ data: { cards: { id: string }[] } }>().data.cards;
    const removalOf = (token: string) =>
      shop.db.selectFrom('saved_card_removals').select('token').where('token', '=', token).executeTakeFirst();
    const detachRequests = (token: string) =>
      stripe.requests.filter((request) => request.path === `/v1/payment_methods/${token}/detach`);

    it('detaches its PaymentMethod from the Customer, after which it pays no more', async () => {
      const card = await savedCard();
      expect((await deleteCard(card.id)).statusCode).toBe(200);
      expect((await walletCards()).map((saved) => saved.id)).not.toContain(card.id);
      await vi.waitFor(async () => expect(await removalOf(card.token)).toBeUndefined());
      expect(stripe.customerOf(card.token)).toBeNull();
      expect(detachRequests(card.token)).toHaveLength(1);
      // Sent again as a new card, Stripe refuses it.
      expect((await place(robinCookie, { token: card.token })).statusCode).toBe(402);
    });

    it('is deleted while Stripe is down, and the sweeper detaches it once Stripe answers', async () => {
      const card = await savedCard();
      // The request and its one retry both get a 500.
      stripe.failNext = 2;
      expect((await deleteCard(card.id)).statusCode).toBe(200);
      expect((await walletCards()).map((saved) => saved.id)).not.toContain(card.id);
      await vi.waitFor(() => expect(detachRequests(card.token)).toHaveLength(2));
      expect(await removalOf(card.token)).toBeDefined();
      expect(stripe.customerOf(card.token)).toMatch(/^cus_/);

      expect(await sweepSavedCardRemovals({ db: shop.db, gateway }, new Date(Date.now() + 60_000))).toBe(1);
      expect(stripe.customerOf(card.token)).toBeNull();
      expect(await removalOf(card.token)).toBeUndefined();
    });
  });
});
