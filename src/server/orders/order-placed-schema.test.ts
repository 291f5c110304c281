import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPlacedSchema } from '../../shared/api-schemas.ts';
import { orderApiPath } from '../../shared/order.ts';
import { createOrderTestShop, line, type OrderTestShop } from './order-test-support.ts';

/** The checkout's success page reads the order view through orderPlacedSchema: what the API answers must pass it. */
describe('the order view the success page reads', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop();
  });
  afterAll(() => shop.close());

  it('passes the success page’s schema', async () => {
    const placed = await shop.placeOrder(shop.cart([line(shop.sku, 2)]));
    expect(placed.statusCode).toBe(200);
    const order = shop.orderOf(placed);
    const response = await shop.app.inject({ method: 'GET', url: orderApiPath(order.id, order.hash) });
    expect(response.statusCode).toBe(200);
    const parsed = orderPlacedSchema.safeParse(response.json<{ data: unknown }>().data);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toMatchObject({
      id: order.id,
      number: order.number,
      email: 'robin@example.com',
      lines: [{ sku: shop.sku, qty: 2 }],
    });
  });
});
