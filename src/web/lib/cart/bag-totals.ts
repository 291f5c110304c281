/**
 * The rows of a priced bag's totals, in cents, as the bag and checkout show them. The server prices; the
 * store credit it used is what the other rows leave unexplained in the balance due.
 */
import type { Cart, ShippingMethod } from '../../../shared/cart.ts';
import { toCents } from '../../../shared/money.ts';

export interface BagTotals {
  subtotal: number;
  discount: number;
  /** The chosen method and its price, or null while none is chosen. */
  shipping: { method: ShippingMethod; cents: number } | null;
  tax: number;
  giftCards: number;
  storeCredit: number;
  balanceDue: number;
}

export function bagTotals(cart: Cart): BagTotals {
  const { totals } = cart;
  const method = cart.available_ship_methods.find((candidate) => candidate.code === cart.requested_ship_method);
  const shipping = method ? { method, cents: toCents(method.price) } : null;
  const tax = toCents(totals.tax.amount);
  const giftCards = cart.gift_card_payment_items.reduce((sum, payment) => sum + toCents(payment.amount), 0);
  const balanceDue = toCents(totals.balance_due.amount);
  const storeCredit =
    toCents(totals.subtotal_after_discounts.amount) + (shipping?.cents ?? 0) + tax - giftCards - balanceDue;
  return {
    subtotal: toCents(totals.subtotal.amount),
    discount: toCents(totals.discount.amount),
    shipping,
    tax,
    giftCards,
    storeCredit: Math.max(0, storeCredit),
    balanceDue,
  };
}
