/**
 * The bag's refresh, POST /session-api/checkout/get-cart (spec section 7): what it answers, the bag links
 * whose query string it reads, and the free-shipping line of the bag. The server prices; these rules are
 * the ones both sides must read the same way.
 */
import type { Cart, ShippingMethod } from './cart.ts';
import { DEFAULT_FREE_SHIPPING_THRESHOLD, MAX_CODE_LENGTH, MAX_QTY_PER_SKU } from './constants.ts';
import { formatMoney, fromCents, toCents } from './money.ts';

export interface GetCartRequest {
  cart: Cart;
  /** A promo code the shopper typed: applied, or the call fails with the reason and changes nothing. */
  code?: string;
}

export interface GetCartResponse {
  updatedCart: Cart;
  /** The sku a promo added free (gift with purchase), or null. */
  added_auto_sku: string | null;
  /** True when the page's query string held a bag link and the server applied it. */
  processedMarketplaceRequest: boolean;
  shippingMethods: ShippingMethod[];
  /** Some line is sold out: the bag marks it and checkout waits until it is removed. */
  forceNoStock: boolean;
  disableCheckout: boolean;
  /** Names the final-sale lines, or null when there are none. */
  finalSalesMessage: string | null;
  /** Whether the shop runs any promo code now, so the bag offers the promo field. */
  promoEnabled: boolean;
  messages: Array<{ type: 'success' | 'info' | 'warning' | 'danger'; text: string }>;
}

/** Promo and gift card codes are matched without regard to case or surrounding spaces. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * A bag link: a marketplace, an e-mail or an advert sends the shopper to any page with `add` (skus, each
 * optionally `:quantity`, joined by commas) and `promo` (a code) in the query string. The bag's refresh
 * applies it once; the page then drops these parameters from its address.
 */
export const BAG_LINK_PARAMS = ['add', 'promo'] as const;
const MAX_LINK_ITEMS = 20;
const LINK_ITEM = /^([A-Za-z0-9][A-Za-z0-9._-]{0,99})(?::(\d{1,2}))?$/;

export interface BagLink {
  items: Array<{ sku: string; qty: number }>;
  promo: string | null;
  /** The `add` parameter could not be read as a whole: no item of it is added. */
  unreadable: boolean;
}

/** The bag link in a query string, or null when it holds none. */
export function parseBagLink(search: URLSearchParams): BagLink | null {
  const adds = search.getAll('add');
  const promoValue = search.get('promo');
  if (adds.length === 0 && promoValue === null) return null;
  const promo = promoValue !== null && normalizeCode(promoValue) !== '' ? normalizeCode(promoValue) : null;
  const entries = adds
    .flatMap((value) => value.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const items: BagLink['items'] = [];
  for (const entry of entries) {
    const match = LINK_ITEM.exec(entry);
    const qty = match?.[2] === undefined ? 1 : Number(match[2]);
    if (!match?.[1] || qty < 1 || qty > MAX_QTY_PER_SKU) return { items: [], promo, unreadable: true };
    const existing = items.find((item) => item.sku === match[1]);
    if (existing) existing.qty = Math.min(MAX_QTY_PER_SKU, existing.qty + qty);
    else items.push({ sku: match[1], qty });
  }
  const tooMany = items.length > MAX_LINK_ITEMS;
  const tooLongPromo = promo !== null && promo.length > MAX_CODE_LENGTH;
  return {
    items: tooMany ? [] : items,
    promo: tooLongPromo ? null : promo,
    unreadable: tooMany || tooLongPromo,
  };
}

/** The query string without the bag link's parameters, for replacing the address once the link is applied. */
export function withoutBagLink(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of BAG_LINK_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export const SHIPPING_AMOUNT_PLACEHOLDER = '{amount}';

/**
 * The bag's free-shipping line for a domestic bag: the config's remaining text with the amount still to
 * spend, or its free-shipping text once the discounted subtotal reaches the threshold (50 when unset).
 */
export function freeShippingMessage(
  config: {
    shipping_message_cart_modal_remaining_text: string;
    shipping_message_cart_modal_free_shipping_text: string;
    domestic_free_shipping_amount: number;
  },
  subtotalAfterDiscounts: number,
): { text: string; progress: number } {
  const threshold =
    config.domestic_free_shipping_amount > 0 ? config.domestic_free_shipping_amount : DEFAULT_FREE_SHIPPING_THRESHOLD;
  const remaining = fromCents(toCents(threshold - subtotalAfterDiscounts));
  if (remaining <= 0) return { text: config.shipping_message_cart_modal_free_shipping_text, progress: 1 };
  return {
    text: config.shipping_message_cart_modal_remaining_text
      .split(SHIPPING_AMOUNT_PLACEHOLDER)
      .join(formatMoney(remaining)),
    progress: Math.max(0, subtotalAfterDiscounts / threshold),
  };
}
