import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderTestShop, DENVER, line, type OrderTestShop } from './order-test-support.ts';

describe('an address with a lower-case country', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(100);
  });
  afterAll(() => shop.close());

  it('is priced exactly as the upper-case one, and its order is placed', async () => {
    const lower = { ...DENVER, country: 'us', region: 'co', postcode: ' 80202 ' };
    const upper = await shop.priced(shop.cart([line(shop.sku, 1)]));
    const priced = await shop.priced(shop.cart([line(shop.sku, 1)], { shipping_address: lower }));
    // $20 and standard shipping of $5.95 (free only over $50).
    expect(upper.updatedCart.totals.balance_due.amount).toBe(25.95);
    expect(priced.updatedCart.totals).toEqual(upper.updatedCart.totals);
    expect(priced.shippingMethods).toEqual(upper.shippingMethods);
    expect(priced.updatedCart.shipping_address).toMatchObject({ country: 'US', region: 'CO', postcode: '80202' });

    const placed = await shop.placeOrder(shop.cart([line(shop.sku, 1)], { shipping_address: lower }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(shop.orderOf(placed)).toMatchObject({
      totals: { total: 25.95 },
      shipping_address: { country: 'US', region: 'CO' },
    });
  });
});
