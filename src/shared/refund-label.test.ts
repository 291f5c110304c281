import { describe, expect, it } from 'vitest';
import { refundLabel } from './refund-label.ts';

describe('refundLabel', () => {
  const order = { payment: { brand: 'visa', last4: '4242' } };

  it('names the card a refund went back to, and says when it is still on its way', () => {
    expect(refundLabel(order, { method: 'card', pending: false })).toBe('Refunded to Visa ending in 4242');
    expect(refundLabel(order, { method: 'card', pending: true })).toBe('Refunded to Visa ending in 4242 (on its way)');
  });

  it('names store credit and gift cards', () => {
    expect(refundLabel(order, { method: 'store_credit', pending: false })).toBe('Refunded to store credit');
    expect(refundLabel({ payment: null }, { method: 'gift_card', pending: false })).toBe('Refunded to your gift cards');
  });
});
