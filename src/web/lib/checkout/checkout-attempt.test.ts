import { describe, expect, it } from 'vitest';
import {
  checkoutAttemptKey,
  endCheckoutAttempt,
  firstSightOfOrder,
  newAttemptKey,
  type AttemptStorage,
} from './checkout-attempt.ts';

function memoryStorage(): AttemptStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('the checkout attempt key', () => {
  it('is made once and reused until an order is placed', () => {
    const storage = memoryStorage();
    const first = checkoutAttemptKey(storage, 'acme');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutAttemptKey(storage, 'acme')).toBe(first);
    endCheckoutAttempt(storage, 'acme');
    expect(checkoutAttemptKey(storage, 'acme')).not.toBe(first);
  });

  it('is replaced when storage holds something that is not a key, and kept per brand', () => {
    const storage = memoryStorage();
    storage.setItem('acme-checkout-attempt', 'short');
    expect(checkoutAttemptKey(storage, 'acme', () => 'k'.repeat(20))).toBe('k'.repeat(20));
    expect(checkoutAttemptKey(storage, 'other', () => 'o'.repeat(20))).toBe('o'.repeat(20));
    expect(checkoutAttemptKey(storage, 'acme')).toBe('k'.repeat(20));
  });

  it('keeps a gift card purchase’s key apart from the checkout’s', () => {
    const storage = memoryStorage();
    const order = checkoutAttemptKey(storage, 'acme');
    const giftCards = checkoutAttemptKey(storage, 'acme', newAttemptKey, 'gift-card');
    expect(giftCards).not.toBe(order);
    endCheckoutAttempt(storage, 'acme', 'gift-card');
    expect(checkoutAttemptKey(storage, 'acme')).toBe(order);
    expect(checkoutAttemptKey(storage, 'acme', newAttemptKey, 'gift-card')).not.toBe(giftCards);
  });

  it('still gives a key when storage is refused', () => {
    const refusing: AttemptStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(checkoutAttemptKey(refusing, 'acme', () => 'r'.repeat(16))).toBe('r'.repeat(16));
    expect(checkoutAttemptKey(null, 'acme').length).toBeGreaterThanOrEqual(16);
    expect(() => endCheckoutAttempt(refusing, 'acme')).not.toThrow();
    expect(newAttemptKey()).not.toBe(newAttemptKey());
  });
});

describe('firstSightOfOrder', () => {
  it('is true once per order in a session', () => {
    const storage = memoryStorage();
    expect(firstSightOfOrder(storage, 'acme', 'ord_1')).toBe(true);
    expect(firstSightOfOrder(storage, 'acme', 'ord_1')).toBe(false);
    expect(firstSightOfOrder(storage, 'acme', 'ord_2')).toBe(true);
    expect(firstSightOfOrder(null, 'acme', 'ord_1')).toBe(true);
  });
});
