/**
 * The checkout form between the page and its route action: the hidden fields that carry the bag and the
 * attempt, the place-order call built from them, and the reply the page reads (field messages, the card's
 * decline, the re-priced bag of a 409).
 */
import type * as z from 'zod/mini';
import type { Submission } from '@conform-to/react';
import { parseCart, type Cart } from '../../../shared/cart.ts';
import type { OrderPayment, PlaceOrderRequest } from '../../../shared/order.ts';
import type { checkoutSchema } from '../../../shared/validators.ts';
import { replyFromApi, type ApiAnswer, type FormReply } from '../forms/form-reply.ts';

export const CHECKOUT_FORM_ID = 'checkout';

/**
 * The fields beside the schema's: the stored bag as JSON, the attempt's idempotency key, the card token or saved
 * card, the balance seen, and whether a signed-in customer keeps the new card.
 */
export const CHECKOUT_FIELDS = {
  cart: 'cart',
  idempotencyKey: 'idempotency_key',
  cardToken: 'card_token',
  savedCardId: 'saved_card_id',
  expectedBalanceDue: 'expected_balance_due',
  saveCard: 'save_card',
} as const;

/** Where the card's decline is shown: the card number's field. */
export const CARD_FIELD = 'card';

export type CheckoutValues = z.output<typeof checkoutSchema>;

export interface CheckoutReply extends FormReply {
  /** The bag priced again when the order was refused because it changed (409). */
  updatedCart?: Cart;
}

export interface CheckoutAttempt {
  cart: Cart;
  idempotencyKey: string;
  cardToken: string | null;
  /** A signed-in customer's saved card, chosen instead of a new one. */
  savedCardId: string | null;
  expectedBalanceDue: number;
  /** The new card is kept on the account with the order. */
  saveCard: boolean;
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
};

/** The hidden fields of a posted checkout, or null when they cannot be read. */
export function readCheckoutAttempt(formData: FormData): CheckoutAttempt | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text(formData, CHECKOUT_FIELDS.cart));
  } catch {
    return null;
  }
  const cart = parseCart(raw);
  const expectedBalanceDue = Number(text(formData, CHECKOUT_FIELDS.expectedBalanceDue));
  const idempotencyKey = text(formData, CHECKOUT_FIELDS.idempotencyKey);
  if (
    !cart ||
    !idempotencyKey ||
    text(formData, CHECKOUT_FIELDS.expectedBalanceDue) === '' ||
    !Number.isFinite(expectedBalanceDue)
  )
    return null;
  const cardToken = text(formData, CHECKOUT_FIELDS.cardToken);
  const savedCardId = text(formData, CHECKOUT_FIELDS.savedCardId);
  const saveCard = formData.get(CHECKOUT_FIELDS.saveCard) !== null;
  return {
    cart,
    idempotencyKey,
    cardToken: cardToken || null,
    savedCardId: savedCardId || null,
    expectedBalanceDue,
    saveCard,
  };
}

/** How a card pays: the saved card the customer chose, else the new card's token, else no card. */
function orderPayment({ savedCardId, cardToken }: CheckoutAttempt): OrderPayment {
  if (savedCardId) return { saved_card_id: savedCardId };
  return cardToken ? { token: cardToken } : null;
}

/** The place-order call: the stored bag with what the form checked (trimmed), and the saved card or the new card's token when a card pays. */
export function placeOrderRequest(values: CheckoutValues, attempt: CheckoutAttempt): PlaceOrderRequest {
  const { cart } = attempt;
  const payment = orderPayment(attempt);
  const shipping = { ...cart.shipping_address, ...values.shipping_address };
  const billing =
    values.billing_address_same_as_shipping || !values.billing_address
      ? shipping
      : { ...cart.billing_address, ...values.billing_address };
  return {
    idempotency_key: attempt.idempotencyKey,
    cart: {
      ...cart,
      customer_email: values.customer_email,
      shipping_address: shipping,
      billing_address: billing,
      billing_address_same_as_shipping: values.billing_address_same_as_shipping,
    },
    payment,
    expected_balance_due: attempt.expectedBalanceDue,
    ...(attempt.saveCard && payment && 'token' in payment ? { save_card: true } : {}),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Where a successful order sends the shopper: its success page, a path on this site. */
export function successRedirect(answer: ApiAnswer): string | null {
  if (answer.status !== 200 || !isRecord(answer.body) || !isRecord(answer.body.data)) return null;
  const { redirect } = answer.body.data;
  return typeof redirect === 'string' && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : null;
}

/** A refused order as the form shows it: a decline at the card, a changed bag with its new prices, field messages at their fields. */
export function checkoutReply(submission: Submission<CheckoutValues>, answer: ApiAnswer): CheckoutReply {
  // A 402 is the gateway's decline; a 429 is the shop's limit on card attempts: either is said at the card.
  const atCard = answer.status === 402 || answer.status === 429;
  const reply = replyFromApi(submission, answer, { success: '', fieldOf: () => (atCard ? CARD_FIELD : undefined) });
  if (answer.status !== 409 || !isRecord(answer.body)) return reply;
  const updatedCart = parseCart(answer.body.updatedCart);
  return updatedCart ? { ...reply, updatedCart } : reply;
}
