/**
 * The real server as a child process, killed with SIGKILL while orders pour in, then started again: every order
 * is whole (lines, payments, stock taken = lines) or absent, and once the restarted server's sweeper has run no
 * card authorization is left uncaptured or unvoided, and no charge exists without its order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, type Cart } from '../../shared/cart.ts';
import type { GetCartResponse } from '../../shared/bag-pricing.ts';
import type { CardToken } from '../../shared/order.ts';
import { createShopProcess, waitForSweep, type ShopProcess } from '../kill-restart-support.ts';
import { DENVER, line, newKey } from './order-test-support.ts';

const ORDERS = 400;
const IN_FLIGHT = 16;

describe('kill -9 under order load, then restart', () => {
  let shop: ShopProcess;
  const skus: string[] = [];

  beforeAll(async () => {
    shop = await createShopProcess({
      productCount: 40,
      prepare: async (db) => {
        const rows = await db.selectFrom('skus').select('sku').orderBy('sku').limit(5).execute();
        for (const row of rows) {
          skus.push(row.sku);
          await db.updateTable('skus').set({ qty: 1000 }).where('sku', '=', row.sku).execute();
        }
      },
    });
  }, 60_000);

  afterAll(() => shop.close());

  it('leaves every order whole or absent and no authorization behind', async () => {
    await shop.start();
    const bags: Array<{ cart: Cart; expected: number }> = [];
    for (const [index, sku] of skus.entries()) {
      const cart: Cart = {
        ...emptyCart(),
        customer_email: `kill${index}@example.com`,
        shipping_address: DENVER,
        items: [line(sku, 1 + (index % 3))],
      };
      const priced = await shop.post<GetCartResponse>('/session-api/checkout/get-cart', { cart });
      bags.push({ cart, expected: priced.body.updatedCart.totals.balance_due.amount });
    }
    const { body: tokenBody } = await shop.post<{ data: CardToken }>('/session-api/checkout/card-token', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2040,
      cvc: '123',
    });
    const token = tokenBody.data.token;

    let sent = 0;
    let answered = 0;
    const worker = async () => {
      while (sent < ORDERS) {
        const bag = bags[sent++ % bags.length];
        if (!bag) return;
        try {
          await shop.post('/session-api/checkout/place-order', {
            idempotency_key: newKey(),
            cart: bag.cart,
            payment: { token },
            expected_balance_due: bag.expected,
          });
          answered += 1;
        } catch {
          // The server was killed under this request.
        }
      }
    };
    const load = Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    while (answered < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    shop.kill('SIGKILL');
    await load;
    expect(answered).toBeLessThan(ORDERS);

    await shop.start();
    // The restarted server's first sweep voids or captures what the kill left.
    const db = shop.db();
    await waitForSweep(db);
    shop.kill('SIGTERM');

    const orders = await db
      .selectFrom('orders')
      .select(['id', 'payment_reference', 'subtotal_cents', 'shipping_cents', 'tax_cents', 'discount_cents', 'status'])
      .where('email', 'like', 'kill%')
      .execute();
    expect(orders.length).toBeGreaterThanOrEqual(40);
    const lines = await db
      .selectFrom('order_lines')
      .select(['order_id', 'sku', 'qty'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      )
      .execute();
    const payments = await db
      .selectFrom('order_payments')
      .select(['order_id', 'reference', 'amount_cents', 'status'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      )
      .execute();
    for (const order of orders) {
      expect(lines.filter((row) => row.order_id === order.id).length, order.id).toBe(1);
      const card = payments.filter((payment) => payment.order_id === order.id);
      expect(card).toHaveLength(1);
      expect(card[0]).toMatchObject({
        reference: order.payment_reference,
        status: 'captured',
        amount_cents: order.subtotal_cents - order.discount_cents + order.shipping_cents + order.tax_cents,
      });
      expect(order.status).toBe('paid');
    }
    for (const sku of skus) {
      const taken = lines.filter((row) => row.sku === sku).reduce((sum, row) => sum + row.qty, 0);
      const { qty } = await db.selectFrom('skus').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow();
      expect(qty, sku).toBe(1000 - taken);
    }
    // The demo customer's past orders were paid through this gateway when the store loaded; they are not this test's.
    const demoCharges = await db
      .selectFrom('orders')
      .select('payment_reference')
      .where('email', 'not like', 'kill%')
      .execute();
    const charges = (await db.selectFrom('payments').select(['id', 'status']).execute()).filter(
      (charge) => !demoCharges.some((order) => order.payment_reference === charge.id),
    );
    expect(charges.filter((charge) => charge.status === 'authorized')).toEqual([]);
    const captured = charges
      .filter((charge) => charge.status === 'captured')
      .map((charge) => charge.id)
      .sort();
    expect(captured).toEqual(orders.map((order) => order.payment_reference).sort());
  }, 240_000);
});
