import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAddressesEndpoint, accountOrdersEndpoint, accountWalletEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { orderPagePath } from '../../shared/order.ts';
import type { Db } from '../db/database.ts';
import { orderHash } from '../orders/order-links.ts';
import { createAccountTestApp, ROBIN, SAM } from './account-test-support.ts';

const DENVER = {
  country: 'US',
  first_name: 'Sam',
  last_name: 'Ortiz',
  address1: '1550 Wewatta Street',
  address2: '',
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  phone: '',
};

async function giveSamThings(db: Db) {
  const now = new Date().toISOString();
  await db
    .insertInto('addresses')
    .values({ id: 'address-sam', customer_id: SAM.id, ...DENVER, is_validated: 1, is_default: 1 })
    .execute();
  await db
    .insertInto('saved_cards')
    .values({
      id: 'card-sam',
      customer_id: SAM.id,
      token: 'tok_sam',
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2031,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('orders')
    .values({
      id: 'order-sam',
      hash: 'h',
      number: 500001,
      customer_id: SAM.id,
      email: SAM.email,
      status: 'paid',
      idempotency_key: 'order-sam-key',
      currency: 'USD',
      subtotal_cents: 2000,
      discount_cents: 0,
      shipping_cents: 0,
      tax_cents: 0,
      store_credit_cents: 0,
      gift_card_cents: 0,
      total_cents: 2000,
      promo_code_id: null,
      ship_method: 'standard',
      shipping_address: '{}',
      billing_address: '{}',
      payment_reference: null,
      card_brand: null,
      card_last4: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.updateTable('customers').set({ store_credit_cents: 1500 }).where('id', '=', SAM.id).execute();
  await db
    .insertInto('store_credit_entries')
    .values({
      id: 'credit-sam',
      customer_id: SAM.id,
      order_id: null,
      amount_cents: 1500,
      reason: 'Goodwill',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('gift_cards')
    .values({
      id: 'gift-sam',
      code: 'GIFT-SAMS-CODE-9876',
      initial_cents: 5000,
      balance_cents: 3000,
      recipient_email: 'friend@example.com',
      recipient_name: null,
      message: null,
      purchaser_customer_id: SAM.id,
      order_id: null,
      created_at: now,
    })
    .execute();
}

describe('the account area: each customer sees and changes only their own', () => {
  let shop: Awaited<ReturnType<typeof createAccountTestApp>>;
  let sam: string;
  let robin: string;
  beforeAll(async () => {
    shop = await createAccountTestApp({ prepare: (database) => giveSamThings(database.db) });
    sam = await shop.signIn(SAM);
    robin = await shop.signIn(ROBIN);
  });
  afterAll(() => shop.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    secret?: string,
    payload?: Record<string, unknown>,
  ) =>
    shop.app.inject({
      method,
      url: `/session-api/account/${url}`,
      ...(payload ? { payload } : {}),
      ...shop.withCookie(secret),
    });

  it('refuses a guest on every call', async () => {
    for (const [method, url] of [
      ['GET', 'orders'],
      ['GET', 'addresses'],
      ['POST', 'addresses'],
      ['PUT', 'addresses/address-sam'],
      ['DELETE', 'addresses/address-sam'],
      ['GET', 'wallet'],
      ['DELETE', 'cards/card-sam'],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' || method === 'PUT' ? DENVER : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers what the account pages’ loaders read, unchanged', async () => {
    for (const [url, schema] of [
      ['orders', accountOrdersEndpoint.data],
      ['addresses', accountAddressesEndpoint.data],
      ['wallet', accountWalletEndpoint.data],
    ] as const) {
      const { data } = (await call('GET', url, sam)).json<{ data: unknown }>();
      expect(schema.parse(data), url).toEqual(data);
    }
  });

  it('lists the customer’s own orders with their links', async () => {
    const own = await call('GET', 'orders', sam);
    expect(own.json()).toEqual({
      data: [
        {
          id: 'order-sam',
          number: 500001,
          status: 'paid',
          created_at: expect.any(String),
          total: 20,
          item_count: 0,
          url: orderPagePath('order-sam', orderHash(shop.config.orderLinkSecret, 'order-sam')),
        },
      ],
    });
    expect((await call('GET', 'orders', robin)).json()).toEqual({ data: [] });
  });

  it('answers 404 for another customer’s address, and changes nothing', async () => {
    expect((await call('GET', 'addresses', robin)).json()).toEqual({ data: [] });
    const put = await call('PUT', 'addresses/address-sam', robin, { ...DENVER, first_name: 'Robin' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ error: MESSAGES.addressNotFound });
    const removed = await call('DELETE', 'addresses/address-sam', robin);
    expect(removed.statusCode).toBe(404);
    expect((await call('GET', 'addresses', sam)).json()).toMatchObject({
      data: [{ _id: 'address-sam', first_name: 'Sam', is_default_shipping: true }],
    });
  });

  it('adds, edits and removes the customer’s own addresses, with one default shipping and one default billing', async () => {
    const added = await call('POST', 'addresses', robin, { ...DENVER, first_name: 'Robin', is_default_billing: true });
    expect(added.statusCode).toBe(200);
    const first = added.json<{ data: { _id: string } }>().data;
    expect(first).toMatchObject({ first_name: 'Robin', is_default_shipping: true, is_default_billing: true });
    const second = (
      await call('POST', 'addresses', robin, {
        ...DENVER,
        address1: '2400 Broadway',
        city: 'Boulder',
        postcode: '80304',
        is_default_shipping: true,
      })
    ).json<{ data: { _id: string } }>().data;
    const list = (await call('GET', 'addresses', robin)).json<{
      data: Array<{ _id: string; is_default_shipping: boolean; is_default_billing: boolean }>;
    }>().data;
    expect(list.find((row) => row._id === second._id)).toMatchObject({
      is_default_shipping: true,
      is_default_billing: false,
    });
    expect(list.find((row) => row._id === first._id)).toMatchObject({
      is_default_shipping: false,
      is_default_billing: true,
    });

    const bad = await call('PUT', `addresses/${first._id}`, robin, { ...DENVER, postcode: '10001' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ fields: { postcode: MESSAGES.zipCodeNotInState('10001', 'Colorado') } });
    expect((await call('PUT', `addresses/${first._id}`, robin, { ...DENVER, address2: 'Apt 2' })).json()).toMatchObject(
      { data: { address2: 'Apt 2' } },
    );
    expect((await call('DELETE', `addresses/${first._id}`, robin)).statusCode).toBe(200);
    expect((await call('GET', 'addresses', robin)).json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('shows the customer’s own wallet only, and removes only the customer’s own cards', async () => {
    expect((await call('GET', 'wallet', sam)).json()).toEqual({
      data: {
        cards: [{ id: 'card-sam', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2031 }],
        store_credit: {
          balance: 15,
          history: [{ amount: 15, reason: 'Goodwill', order_id: null, created_at: expect.any(String) }],
        },
        gift_cards: [
          {
            id: 'gift-sam',
            last4: '9876',
            initial: 50,
            balance: 30,
            recipient_email: 'friend@example.com',
            owned: false,
            created_at: expect.any(String),
          },
        ],
      },
    });
    expect((await call('GET', 'wallet', robin)).json()).toEqual({
      data: { cards: [], store_credit: { balance: 0, history: [] }, gift_cards: [] },
    });

    const stolen = await call('DELETE', 'cards/card-sam', robin);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: MESSAGES.cardNotFound });
    expect(
      await shop.db.selectFrom('saved_cards').select('id').where('id', '=', 'card-sam').executeTakeFirst(),
    ).toBeDefined();
    expect((await call('DELETE', 'cards/card-sam', sam)).statusCode).toBe(200);
    expect((await call('DELETE', 'cards/card-sam', sam)).statusCode).toBe(404);
  });
});
