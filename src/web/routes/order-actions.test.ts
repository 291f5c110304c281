import { describe, expect, it } from 'vitest';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import type { OrderView } from '../../shared/order.ts';
import { fakeApi, postArgs, replyOf, responseOf } from './action-test-support.ts';
import { action as lookUp } from './order-lookup.tsx';
import { action as changeAddress } from './order-update-address.tsx';
import { action as cancel } from './order.tsx';

const params = { id: 'ord_1', hash: 'abc123' };
const ORDER_PAGE = '/order/ord_1/abc123';
const ORDER_API = '/api/orders/ord_1/abc123';

const orderAddress = {
  _id: null,
  country: 'US',
  first_name: 'Robin',
  last_name: 'Lee',
  address1: '1 Main St',
  address2: '',
  city: 'Montgomery',
  region: 'AL',
  postcode: '36104',
  phone: '',
  is_validated: true,
};

/** The order as the API responds with it after a change: its contract's whole view. */
const orderView: OrderView = {
  id: 'ord_1',
  hash: 'abc123',
  number: 1042,
  email: 'robin@example.com',
  lines: [],
  ship_method: { code: 'standard', name: 'Standard' },
  totals: {
    subtotal: 0,
    discount: 0,
    shipping: 0,
    tax: 0,
    total: 0,
    gift_cards: 0,
    store_credit: 0,
    card: 0,
    refunded: 0,
  },
  status: 'cancelled',
  created_at: '2026-11-01T12:00:00.000Z',
  shipping_address: orderAddress,
  billing_address: orderAddress,
  payment: null,
  gift_cards: [],
  refunds: [],
  tracking_url: null,
  history: [],
  can_change_address: false,
  can_cancel: false,
  cancel_until: null,
};

const ok: ServerApiResponse = { status: 200, body: { data: orderView } };

function postCancel(answer: ServerApiResponse) {
  const { calls, api } = fakeApi(answer);
  return {
    calls,
    response: cancel(
      postArgs(`${ORDER_PAGE}?cancel`, '/order/:id/:hash', params, { body: new URLSearchParams() }, api),
    ),
  };
}

const address = {
  'shipping_address.first_name': ' Ada ',
  'shipping_address.last_name': 'Lovelace',
  'shipping_address.address1': '1 Main St',
  'shipping_address.address2': '',
  'shipping_address.city': 'Springfield',
  'shipping_address.region': 'IL',
  'shipping_address.postcode': '62701',
  'shipping_address.country': 'US',
  'shipping_address.phone': '',
};

function postAddress(fields: Record<string, string>, answer: ServerApiResponse) {
  const { calls, api } = fakeApi(answer);
  const path = `${ORDER_PAGE}/update-address`;
  return {
    calls,
    response: changeAddress(
      postArgs(path, '/order/:id/:hash/update-address', params, { body: new URLSearchParams(fields) }, api),
    ),
  };
}

function postLookup(fields: Record<string, string>, answer: ServerApiResponse) {
  const { calls, api } = fakeApi(answer);
  return { calls, response: lookUp(postArgs('/order', '/order', {}, { body: new URLSearchParams(fields) }, api)) };
}

describe('the order page’s cancellation', () => {
  it('cancels through the API and shows the order again with the outcome', async () => {
    const { calls, response } = postCancel(ok);
    const done = await responseOf(response);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${ORDER_PAGE}?order-cancel=ok%3AorderCancelledNotice#order-cancel`);
    expect(calls).toEqual([{ path: `${ORDER_API}/cancel`, init: { method: 'POST' } }]);
  });

  it('sends a cancellation that came too late to the page that says why', async () => {
    const late = await responseOf(
      postCancel({ status: 409, body: { error: 'too late', redirect: '/order/failed-cancellation' } }).response,
    );
    expect(late.headers.get('location')).toBe('/order/failed-cancellation');
  });

  it('says a failure of the API on the form', async () => {
    expect(await replyOf(postCancel({ status: 500, body: {} }).response)).toMatchObject({
      status: 503,
      reply: { result: { error: { '': ['Oops an error has occured!'] } } },
    });
  });
});

describe('the address change', () => {
  it('sends the trimmed address to the API and goes back to the order with a success message', async () => {
    const { calls, response } = postAddress(address, ok);
    const done = await responseOf(response);
    expect(done.headers.get('location')).toBe(`${ORDER_PAGE}?order-address=ok%3AorderAddressSaved#order-address`);
    expect(calls).toEqual([
      {
        path: `${ORDER_API}/address`,
        init: {
          method: 'POST',
          body: {
            shipping_address: {
              first_name: 'Ada',
              last_name: 'Lovelace',
              address1: '1 Main St',
              address2: '',
              city: 'Springfield',
              region: 'IL',
              postcode: '62701',
              country: 'US',
              phone: '',
              _id: null,
              is_validated: false,
            },
          },
        },
      },
    ]);
  });

  it('refuses missing fields with the spec’s messages without calling the API', async () => {
    const { calls, response } = postAddress({ ...address, 'shipping_address.city': ' ' }, ok);
    expect(await replyOf(response)).toMatchObject({
      status: 400,
      reply: { result: { error: { 'shipping_address.city': ['City required'] } } },
    });
    expect(calls).toEqual([]);
  });

  it('puts the API’s field messages at their fields, and its other refusals on the form', async () => {
    const fields = { 'shipping_address.postcode': 'The ZIP code 62701 is not in CA.' };
    const atField = postAddress(address, { status: 422, body: { error: 'Please correct the errors.', fields } });
    expect(await replyOf(atField.response)).toMatchObject({
      status: 422,
      reply: { result: { error: { 'shipping_address.postcode': [fields['shipping_address.postcode']] } } },
    });
    const onForm = postAddress(address, { status: 422, body: { error: 'Please contact us.' } });
    expect(await replyOf(onForm.response)).toMatchObject({
      status: 422,
      reply: { result: { error: { '': ['Please contact us.'] } } },
    });
  });

  it('sends a change after the order shipped to the page that says why', async () => {
    const late = await responseOf(
      postAddress(address, { status: 409, body: { error: 'shipped', redirect: '/order/failed-address-change' } })
        .response,
    );
    expect(late.headers.get('location')).toBe('/order/failed-address-change');
  });
});

describe('the order lookup', () => {
  const message = "If an order matches, we've e-mailed a link to it.";

  it('shows the API’s one answer, whether or not the order exists', async () => {
    const { calls, response } = postLookup(
      { number: ' 1042 ', email: 'shopper@example.com' },
      { status: 200, body: { data: { message } } },
    );
    expect(await replyOf(response)).toMatchObject({
      status: 200,
      reply: { result: { status: 'success' }, notice: message },
    });
    expect(calls).toEqual([
      { path: '/api/orders/lookup', init: { method: 'POST', body: { number: 1042, email: 'shopper@example.com' } } },
    ]);
  });

  it('checks the fields with the shared messages before asking the API', async () => {
    const { calls, response } = postLookup(
      { number: '', email: 'shopper' },
      { status: 200, body: { data: { message } } },
    );
    expect(await replyOf(response)).toMatchObject({
      status: 400,
      reply: { result: { error: { number: ['Value is required'], email: ['Value is not a valid email address'] } } },
    });
    expect(calls).toEqual([]);
  });

  it('shows a rate limit’s message at the form, and an answer it cannot read as a failure', async () => {
    const limited = postLookup(
      { number: '1', email: 'a@b.co' },
      { status: 429, body: { error: 'Too many order lookups.' } },
    );
    expect(await replyOf(limited.response)).toMatchObject({
      status: 429,
      reply: { result: { error: { '': ['Too many order lookups.'] } } },
    });
    const garbled = postLookup({ number: '1', email: 'a@b.co' }, { status: 200, body: { data: {} } });
    expect(await replyOf(garbled.response)).toMatchObject({
      status: 503,
      reply: { result: { error: { '': ['Oops an error has occured!'] } } },
    });
  });
});
