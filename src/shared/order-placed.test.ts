import { describe, expect, it } from 'vitest';
import { purchaseEvent, type OrderPlaced } from './order-placed.ts';

const order: OrderPlaced = {
  id: 'ord_1',
  hash: 'h'.repeat(16),
  number: 100123,
  email: 'ada@example.com',
  ship_method: { code: 'standard', name: 'Standard' },
  lines: [
    {
      line_number: 1,
      sku: 'SKU-1-M',
      product_id: 'p1',
      name: 'Boxer Brief',
      size: 'M',
      qty: 2,
      item_price: 20,
      discount_amount: 4,
      tax: 2.16,
      total: 36,
      url: null,
      image: null,
    },
  ],
  totals: {
    subtotal: 40,
    discount: 4,
    shipping: 5,
    tax: 2.16,
    total: 43.16,
    gift_cards: 10,
    store_credit: 0,
    card: 33.16,
    refunded: 0,
  },
};

describe('purchaseEvent', () => {
  it('reports the order number, its total with tax and shipping, and each line', () => {
    expect(purchaseEvent(order)).toEqual({
      event: 'purchase',
      transaction_id: '100123',
      currency: 'USD',
      value: 43.16,
      tax: 2.16,
      shipping: 5,
      items: [{ item_id: 'SKU-1-M', item_name: 'Boxer Brief', item_variant: 'M', price: 20, quantity: 2, discount: 4 }],
    });
  });
});
