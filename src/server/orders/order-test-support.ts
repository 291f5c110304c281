/** For the order tests: a demo shop with a sku of known price and stock, and the calls a checkout page makes. */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { GetCartResponse } from '../../shared/bag-pricing.ts';
import { emptyCart, type Cart, type CartAddress, type CartItem } from '../../shared/cart.ts';
import type { CardToken, OrderPayment, OrderView } from '../../shared/order.ts';
import { SESSION_COOKIE, sessionIdFor } from '../accounts/sessions.ts';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import { createDemoTestApp, DEMO_NOW, type TestAppOptions } from '../test-support.ts';

export type OrderTestShop = Awaited<ReturnType<typeof createOrderTestShop>>;

/** A Colorado address: the demo charges no sales tax there. */
export const DENVER: CartAddress = {
  _id: null,
  country: 'US',
  first_name: 'Robin',
  last_name: 'Shopper',
  address1: '1550 Wewatta Street',
  address2: '',
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  phone: '',
  is_validated: false,
};

/** A California address: 7.25 %, shipping untaxed. */
export const SACRAMENTO: CartAddress = {
  ...DENVER,
  address1: '1315 10th Street',
  city: 'Sacramento',
  region: 'CA',
  postcode: '95814',
};

export { testCartLine as line } from '../pricing/test-cart-line.ts';

export const newKey = () => randomBytes(16).toString('hex');

/** The demo shop with `sku` at $20 and the stock asked for, and the checkout calls a page makes. */
export async function createOrderTestShop(stock = 10, options: TestAppOptions = {}) {
  const shop = await createDemoTestApp(40, options);
  const product = await shop.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
  await shop.db
    .updateTable('products')
    .set({ price_cents: 2000, sale_price_cents: null, max_cart_qty: 0 })
    .where('id', '=', product.id)
    .execute();
  const { sku } = await shop.db
    .selectFrom('skus')
    .select('sku')
    .where('product_id', '=', product.id)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  await shop.db.updateTable('skus').set({ qty: stock }).where('sku', '=', sku).execute();
  const { app } = shop;

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}),
    });

  const cart = (items: CartItem[], fields: Partial<Cart> = {}): Cart => ({
    ...emptyCart(),
    customer_email: 'robin@example.com',
    shipping_address: DENVER,
    items,
    ...fields,
  });

  async function priced(bag: Cart, cookie?: string): Promise<GetCartResponse> {
    const response = await post('/session-api/checkout/get-cart', { cart: bag }, cookie);
    if (response.statusCode !== 200) throw new Error(`get-cart ${response.statusCode}: ${response.body}`);
    return response.json<GetCartResponse>();
  }

  async function cardToken(number = '4242424242424242'): Promise<string> {
    const response = await post('/session-api/checkout/card-token', {
      number,
      exp_month: 12,
      exp_year: DEMO_NOW.getUTCFullYear() + 3,
      cvc: '123',
    });
    if (response.statusCode !== 200) throw new Error(`card-token ${response.statusCode}: ${response.body}`);
    return response.json<{ data: CardToken }>().data.token;
  }

  interface Checkout {
    key?: string;
    payment?: OrderPayment;
    /** Defaults to what get-cart answers for the bag. */
    expected?: number;
    cookie?: string;
  }

  /** Places the bag as a checkout page would: priced first, then sent with the balance the shopper saw. */
  async function placeOrder(bag: Cart, options: Checkout = {}): Promise<LightMyRequestResponse> {
    const expected = options.expected ?? (await priced(bag, options.cookie)).updatedCart.totals.balance_due.amount;
    const payment = options.payment === undefined ? { token: await cardToken() } : options.payment;
    return post(
      '/session-api/checkout/place-order',
      { idempotency_key: options.key ?? newKey(), cart: bag, payment, expected_balance_due: expected },
      options.cookie,
    );
  }

  const orderOf = (response: LightMyRequestResponse) =>
    response.json<{ data: { order: OrderView; redirect: string } }>().data.order;

  async function stockOf(code = sku): Promise<number> {
    return (await shop.db.selectFrom('skus').select('qty').where('sku', '=', code).executeTakeFirstOrThrow()).qty;
  }

  /** Signs the demo customer in: the session cookie's secret. */
  async function signIn(customerId: string): Promise<string> {
    const secret = randomBytes(24).toString('hex');
    await shop.db
      .insertInto('sessions')
      .values({
        id: sessionIdFor(secret),
        customer_id: customerId,
        created_at: DEMO_NOW.toISOString(),
        expires_at: '2999-01-01T00:00:00.000Z',
        idle_expires_at: '2999-01-01T00:00:00.000Z',
      })
      .execute();
    return secret;
  }

  /** Payments of the built-in gateway by status, for checking that no charge is left behind; not the demo's past orders'. */
  async function gatewayPayments(): Promise<Record<string, number>> {
    const demo = shop.db
      .selectFrom('orders')
      .select('payment_reference')
      .where('customer_id', '=', DEMO_CUSTOMER_ID)
      .where('created_at', '<=', DEMO_NOW.toISOString());
    const rows = await shop.db
      .selectFrom('payments')
      .select(['status', 'captured_cents', 'refunded_cents'])
      .where(
        'id',
        'not in',
        demo.where('payment_reference', 'is not', null).$narrowType<{ payment_reference: string }>(),
      )
      .execute();
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
    return counts;
  }

  return {
    ...shop,
    sku,
    productId: product.id,
    post,
    cart,
    priced,
    cardToken,
    placeOrder,
    orderOf,
    stockOf,
    signIn,
    gatewayPayments,
  };
}
