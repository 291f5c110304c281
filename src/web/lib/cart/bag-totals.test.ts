import { describe, expect, it } from 'vitest';
import { emptyCart, type Cart } from '../../../shared/cart.ts';
import { bagTotals } from './bag-totals.ts';

const priced = (changes: Partial<Cart>, tax = 0): Cart => {
  const cart = { ...emptyCart(), ...changes };
  return { ...cart, totals: { ...cart.totals, tax: { amount: tax } } };
};

describe('bagTotals', () => {
  const totals = {
    subtotal: { amount: 100 },
    discount: { amount: 10 },
    subtotal_after_discounts: { amount: 90 },
    tax: { amount: 0 },
    balance_due: { amount: 50.4 },
  };
  const shipping = {
    available_ship_methods: [{ code: 'std', name: 'Standard', price: 5, regular_price: 5 }],
    requested_ship_method: 'std',
  };

  it('reads the rows of a priced bag, the store credit being what the rest leaves unexplained', () => {
    const cart = priced({ totals, ...shipping, gift_card_payment_items: [{ code: 'GC1', amount: 20 }] }, 5.4);
    expect(bagTotals(cart)).toEqual({
      subtotal: 10000,
      discount: 1000,
      shipping: { method: shipping.available_ship_methods[0], cents: 500 },
      tax: 540,
      giftCards: 2000,
      storeCredit: 3000,
      balanceDue: 5040,
    });
  });

  it('has no shipping row until a method is chosen, and no tax row where the server priced none', () => {
    const cart = priced({ totals: { ...totals, balance_due: { amount: 90 } } });
    expect(bagTotals(cart)).toMatchObject({ shipping: null, tax: 0, storeCredit: 0, balanceDue: 9000 });
  });
});
