import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { createOrderTestShop, line, type OrderTestShop } from './order-test-support.ts';

describe('the shipping line of an order’s totals', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(20);
  });
  afterAll(() => shop.close());

  it('names a method that has brackets of its own without doubling them', async () => {
    const email = 'express@example.com';
    const response = await shop.placeOrder(
      shop.cart([line(shop.sku, 1)], { customer_email: email, requested_ship_method: 'express' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(shop.orderOf(response).ship_method.name).toBe('Express (2-3 business days)');
    const mail = await shop.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', email)
      .where('kind', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(`${MESSAGES.shippingBy('Express (2-3 business days)')}: $14.95`);
    expect(mail.body_text).toContain('Shipping: Express (2-3 business days)');
    expect(mail.body_text).not.toContain('))');
  });
});
