/**
 * Orders as the shopper's pages see them: the calls of checkout and the order pages, their answers, and the
 * paths of the order pages. The server places and keeps orders (src/server/orders/); both sides read these.
 */
import type { CardBrand } from './payment-card.ts';
import type { Cart, CartAddress } from './cart.ts';

export const ORDER_LOOKUP_PATH = '/api/orders/lookup';

/** The order's API path: GET it for the view; POST `/address` or `/cancel` under it. */
export const orderApiPath = (id: string, hash: string) =>
  `/api/orders/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`;
export const orderPagePath = (id: string, hash: string) =>
  `/order/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`;
export const checkoutSuccessPath = (id: string, hash: string) =>
  `/checkout-success/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`;
export const FAILED_CANCELLATION_PATH = '/order/failed-cancellation';
export const FAILED_ADDRESS_CHANGE_PATH = '/order/failed-address-change';

/** An idempotency key is made by the checkout page when it opens and kept until an order is placed. */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 16;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/**
 * An order moves forward through these; cancelled (by the shopper within the window, or the merchant before
 * it ships) and refunded (by the merchant, after it shipped) end it.
 */
export const ORDER_STATUSES = ['placed', 'paid', 'fulfilled', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses a merchant may move an order to from each status. */
export const NEXT_ORDER_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // A placed order becomes paid when its card is captured, not by hand.
  placed: ['cancelled'],
  paid: ['fulfilled', 'shipped', 'cancelled'],
  fulfilled: ['shipped', 'cancelled'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

const REFUND_METHODS = ['card', 'gift_card', 'store_credit'] as const;
export const isRefundMethod = (value: string): value is OrderRefundView['method'] =>
  (REFUND_METHODS as readonly string[]).includes(value);

/** Before it ships an order's address may change; once it ships, neither the address nor a cancellation can. */
export const isBeforeShipping = (status: OrderStatus) =>
  status === 'placed' || status === 'paid' || status === 'fulfilled';

/** POST /session-api/checkout/card-token with the built-in gateway: the card once, answered with a token (the number and CVC are not kept). */
export interface CardTokenRequest {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface CardToken {
  token: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** How the balance due is paid: a fresh card token, a saved card of the signed-in customer, or nothing when none is due. */
export type OrderPayment = { token: string } | { saved_card_id: string } | null;

export interface PlaceOrderRequest {
  idempotency_key: string;
  cart: Cart;
  payment: OrderPayment;
  /** The balance due the shopper saw, in dollars: a different price on the server answers 409 with the bag re-priced. */
  expected_balance_due: number;
  /** A signed-in customer keeps the new card (its token, brand, last four and expiry) for next time. */
  save_card?: boolean;
}

export interface PlaceOrderResponse {
  data: { order: OrderView; redirect: string };
}

/** 409: the bag changed (a price, stock, a promo or a gift card); updatedCart is the bag priced again. */
export interface PlaceOrderConflict {
  error: string;
  updatedCart?: Cart;
}

/** 422: fields the shopper must correct, by path (`customer_email`, `shipping_address.postcode`). */
export interface FieldErrors {
  error: string;
  fields: Record<string, string>;
}

export interface OrderLineView {
  line_number: number;
  sku: string;
  product_id: string;
  name: string;
  size: string;
  qty: number;
  item_price: number;
  discount_amount: number;
  tax: number;
  /** Price times quantity less the discount. */
  total: number;
  url: string | null;
  image: { url: string; width: number; height: number } | null;
}

export interface OrderEventView {
  kind: string;
  at: string;
  /** The tracking link of a shipped event, a refund's amount, an address change's new region. */
  data: Record<string, unknown>;
}

/** Money given back on an order: where it went, why, and whether the card's gateway has confirmed it yet. */
export interface OrderRefundView {
  amount: number;
  method: 'card' | 'gift_card' | 'store_credit';
  /** cancellation, refund (the merchant's), return, or tax (an address change that lowered it) */
  reason: string;
  at: string;
  pending: boolean;
}

export interface OrderView {
  id: string;
  hash: string;
  number: number;
  email: string;
  status: OrderStatus;
  created_at: string;
  lines: OrderLineView[];
  ship_method: { code: string; name: string };
  totals: {
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    /** Subtotal less discount plus shipping and tax. */
    total: number;
    gift_cards: number;
    store_credit: number;
    /** What the card paid: total less gift cards and store credit. */
    card: number;
    refunded: number;
  };
  shipping_address: CartAddress;
  billing_address: CartAddress;
  payment: { brand: string; last4: string } | null;
  /** Each gift card by its last four characters, with what it paid. */
  gift_cards: Array<{ last4: string; amount: number }>;
  /** Each refund, oldest first; totals.refunded is their sum. */
  refunds: OrderRefundView[];
  /** The carrier's tracking page once the order shipped. */
  tracking_url: string | null;
  history: OrderEventView[];
  can_change_address: boolean;
  can_cancel: boolean;
  /** When the cancellation window closes; null once the order can no longer be cancelled. */
  cancel_until: string | null;
}
