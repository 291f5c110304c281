/**
 * The bag as local storage keeps it (spec section 3) and its rules (sections 4, 5 and 9). The server
 * prices the bag; these rules keep the lines themselves consistent on both sides.
 */
import { MAX_CODE_LENGTH, MAX_GIFT_CARDS, MAX_QTY_PER_SKU, MAX_UNIQUE_ITEMS } from './constants.ts';
import { CART_MAXIMUM_MESSAGE_ID, MESSAGES } from './messages.ts';
import type { ImageRef, ProductDocument } from './product.ts';
import * as z from 'zod/mini';

export interface Amount {
  amount: number;
}

export interface CartTotals {
  subtotal: Amount;
  discount: Amount;
  subtotal_after_discounts: Amount;
  /** Sales tax from the shipping address's rate (docs/decisions/012-addresses-and-tax.md); part of balance_due. */
  tax: Amount;
  balance_due: Amount;
}

export interface CartItem {
  line_number: number;
  sku: string;
  qty: number;
  item_price: number;
  discount_amount: number;
  dim_style: string;
  dim_name: string;
  dim_size: string;
  dim_category: string;
  url: string;
  /** The product's primary picture for the bag's thumbnail (not in the spec's entity), or null. */
  image: ImageRef | null;
  /** The most this line may hold: min(30, max_cart_qty when positive, stock). */
  maxQty: number;
}

/** A shipping method the bag's address can use, priced for this bag. */
export interface ShippingMethod {
  code: string;
  name: string;
  /** What this bag pays for it, in dollars: 0 when free. */
  price: number;
  /** The method's price before a free-shipping threshold or promo. */
  regular_price: number;
}

/** A gift card paying part of the bag: the server fills in the amount it covers. */
export interface GiftCardPayment {
  code: string;
  amount: number;
}

export interface CartAddress {
  _id: string | null;
  country: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  region: string;
  postcode: string;
  phone: string;
  is_validated: boolean;
}

export interface Cart {
  customer_email: string;
  promo_code_id: string | null;
  promo_code_code: string | null;
  requested_ship_method: string | null;
  available_ship_methods: ShippingMethod[];
  use_store_credit: boolean;
  available_credit: number;
  gift_card_payment_items: GiftCardPayment[];
  items: CartItem[];
  totals: CartTotals;
  billing_address_same_as_shipping: boolean;
  selected_credit_card_token: string | null;
  shipping_address: CartAddress;
  billing_address: CartAddress;
  added_auto_sku: string | null;
  processedMarketplaceRequest: boolean;
  displayCartMessage: string | null;
}

/** The shop's own country: an address's country until one is chosen (spec 3), and where the free-shipping line applies. */
export const DOMESTIC_COUNTRY = 'US';

/** The country a bag ships to: its shipping address's, or the domestic country while none is chosen. */
export const shippingCountry = (cart: Pick<Cart, 'shipping_address'>) => cart.shipping_address.country || DOMESTIC_COUNTRY;

/** Whether a bag ships within the domestic country. */
export const isDomestic = (cart: Pick<Cart, 'shipping_address'>) => shippingCountry(cart) === DOMESTIC_COUNTRY;

export const emptyAddress = (): CartAddress => ({
  _id: null,
  country: DOMESTIC_COUNTRY,
  first_name: '',
  last_name: '',
  address1: '',
  address2: '',
  city: '',
  region: '',
  postcode: '',
  phone: '',
  is_validated: false,
});

const zero = (): Amount => ({ amount: 0 });

export const emptyCart = (): Cart => ({
  customer_email: '',
  promo_code_id: null,
  promo_code_code: null,
  requested_ship_method: null,
  available_ship_methods: [],
  use_store_credit: true,
  available_credit: 0,
  gift_card_payment_items: [],
  items: [],
  totals: { subtotal: zero(), discount: zero(), subtotal_after_discounts: zero(), tax: zero(), balance_due: zero() },
  billing_address_same_as_shipping: true,
  selected_credit_card_token: null,
  shipping_address: emptyAddress(),
  billing_address: emptyAddress(),
  added_auto_sku: null,
  processedMarketplaceRequest: false,
  displayCartMessage: null,
});

/** The most of one sku a bag may hold: 30, lowered to max_cart_qty when positive and smaller, capped by stock. */
export function maxQuantity(maxCartQty: number, available: number): number {
  const perSku = maxCartQty > 0 ? Math.min(MAX_QTY_PER_SKU, maxCartQty) : MAX_QTY_PER_SKU;
  return Math.max(0, Math.min(perSku, Math.floor(available)));
}

/** The lowest positive line number no line uses. */
export function nextLineNumber(items: readonly CartItem[]): number {
  const used = new Set(items.map((item) => item.line_number));
  let candidate = 1;
  while (used.has(candidate)) candidate++;
  return candidate;
}

export const totalQuantity = (cart: Pick<Cart, 'items'>) => cart.items.reduce((sum, item) => sum + item.qty, 0);

export interface CartChange {
  cart: Cart;
  /** A danger message to show, with its id when it replaces an earlier one. */
  message: { id?: string; text: string } | null;
}

/** The name a line carries: the product's, then its length when it is one of several ('…, Mid Length'). */
export const lineName = (productName: string, variantName: string | null | undefined) =>
  variantName ? `${productName}, ${variantName}` : productName;

/**
 * The category a line reports (dim_category): its product's subcategory. The server prices lines with it, so
 * the line the bag adds before the server answers carries the same.
 */
export const lineCategory = (product: Pick<ProductDocument, 'subcategory'>) => product.subcategory;

/** What the bag calls the thing a limit was reached for: the sku, or the product name and size. */
export const describeLine = (item: Pick<CartItem, 'sku' | 'dim_name' | 'dim_size'>) =>
  item.dim_name ? `${item.dim_name} ${item.dim_size}`.trim() : item.sku;

export type NewCartItem = Omit<CartItem, 'line_number' | 'qty'> & { qty?: number };

/**
 * Adds an item: the same sku raises its line's quantity, a new sku gets the lowest unused line number.
 * The quantity never passes the line's maximum; reaching it shows the cart-maximum warning.
 */
export function addItem(cart: Cart, item: NewCartItem): CartChange {
  const quantity = item.qty ?? 1;
  const existing = cart.items.find((line) => line.sku === item.sku);
  const maxQty = Math.max(0, item.maxQty);
  const current = existing?.qty ?? 0;
  const wanted = current + quantity;
  const allowed = Math.min(wanted, maxQty);
  const limited = wanted > maxQty;
  const message = limited ? { id: CART_MAXIMUM_MESSAGE_ID, text: MESSAGES.cartMaximum(describeLine(item)) } : null;
  if (allowed <= current) return { cart, message };
  if (existing) {
    const items = cart.items.map((line) => (line.sku === item.sku ? { ...line, ...item, qty: allowed, maxQty } : line));
    return { cart: { ...cart, items }, message };
  }
  if (cart.items.length >= MAX_UNIQUE_ITEMS) {
    return { cart, message: { text: MESSAGES.tooManyUniqueItems } };
  }
  const line: CartItem = { ...item, line_number: nextLineNumber(cart.items), qty: allowed, maxQty };
  return { cart: { ...cart, items: [...cart.items, line] }, message };
}

/** Sets a line's quantity; zero or less removes the line, more than its maximum is lowered to it. */
export function setQuantity(cart: Cart, lineNumber: number, qty: number): CartChange {
  const line = cart.items.find((item) => item.line_number === lineNumber);
  if (!line) return { cart, message: null };
  if (!Number.isFinite(qty) || qty <= 0) {
    return { cart: { ...cart, items: cart.items.filter((item) => item.line_number !== lineNumber) }, message: null };
  }
  const wanted = Math.floor(qty);
  const allowed = Math.min(wanted, line.maxQty);
  if (allowed <= 0) {
    return { cart: { ...cart, items: cart.items.filter((item) => item.line_number !== lineNumber) }, message: null };
  }
  const items = cart.items.map((item) => (item.line_number === lineNumber ? { ...item, qty: allowed } : item));
  const message = wanted > line.maxQty ? { id: CART_MAXIMUM_MESSAGE_ID, text: MESSAGES.cartMaximum(describeLine(line)) } : null;
  return { cart: { ...cart, items }, message };
}

/** At most 50 unique items: the list is cut to the first 50 with the spec's message. */
export function enforceUniqueItemLimit(cart: Cart): CartChange {
  if (cart.items.length <= MAX_UNIQUE_ITEMS) return { cart, message: null };
  return { cart: { ...cart, items: cart.items.slice(0, MAX_UNIQUE_ITEMS) }, message: { text: MESSAGES.tooManyUniqueItems } };
}

const text = () => z.catch(z.string().check(z.maxLength(2000)), '');
const money = () => z.catch(z.number(), 0);
const nullableText = () => z.catch(z.nullable(z.string()), null);
const storedAddress = () =>
  z.catch(
    z.object({
      _id: nullableText(),
      country: z.catch(z.string().check(z.maxLength(2)), DOMESTIC_COUNTRY),
      first_name: text(),
      last_name: text(),
      address1: text(),
      address2: text(),
      city: text(),
      region: text(),
      postcode: text(),
      phone: text(),
      is_validated: z.catch(z.boolean(), false),
    }),
    emptyAddress,
  );

const storedImage = () =>
  z.object({
    url: z.string().check(z.minLength(1), z.maxLength(2000)),
    width: z.number().check(z.positive()),
    height: z.number().check(z.positive()),
  });

const itemSchema = z.lazy(() =>
  z.object({
    line_number: z.int().check(z.positive()),
    sku: z.string().check(z.minLength(1), z.maxLength(100)),
    qty: z.int().check(z.positive()),
    item_price: money(),
    discount_amount: money(),
    dim_style: text(),
    dim_name: text(),
    dim_size: text(),
    dim_category: text(),
    url: text(),
    image: z.catch(z.nullable(storedImage()), null),
    maxQty: z.catch(z.int().check(z.nonnegative()), MAX_QTY_PER_SKU),
  }),
);

const amount = () => z.object({ amount: money() });
const storedTotals = () =>
  z.catch(
    // A bag stored before tax was priced has no tax total: it reads as 0 until the server prices the bag again.
    z.object({
      subtotal: amount(),
      discount: amount(),
      subtotal_after_discounts: amount(),
      tax: z.catch(amount(), zero),
      balance_due: amount(),
    }),
    () => emptyCart().totals,
  );

const list = () => z.catch(z.array(z.unknown()), []);
/** A list whose unreadable entries are dropped, keeping the readable ones. */
const readableEntries = <T>(entries: unknown[], schema: z.ZodMiniType<T>): T[] =>
  entries.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
const shippingMethodSchema = z.lazy(() =>
  z.object({
    code: z.string().check(z.minLength(1), z.maxLength(100)),
    name: z.string().check(z.maxLength(200)),
    price: z.number().check(z.nonnegative()),
    regular_price: z.number().check(z.nonnegative()),
  }),
);
const giftCardPaymentSchema = z.lazy(() =>
  z.object({
    code: z.string().check(z.minLength(1), z.maxLength(MAX_CODE_LENGTH)),
    amount: money(),
  }),
);
const cartSchema = z.lazy(() =>
  z.object({
    customer_email: text(),
    promo_code_id: nullableText(),
    promo_code_code: nullableText(),
    requested_ship_method: nullableText(),
    available_ship_methods: list(),
    use_store_credit: z.catch(z.boolean(), true),
    available_credit: money(),
    gift_card_payment_items: list(),
    items: list(),
    totals: storedTotals(),
    billing_address_same_as_shipping: z.catch(z.boolean(), true),
    selected_credit_card_token: nullableText(),
    shipping_address: storedAddress(),
    billing_address: storedAddress(),
    added_auto_sku: nullableText(),
    processedMarketplaceRequest: z.catch(z.boolean(), false),
    displayCartMessage: nullableText(),
  }),
);

/**
 * Reads a stored cart. A field that is missing or malformed gets its default, a malformed line is dropped,
 * and a repeated sku or line number keeps its first line: whatever storage holds, the shopper keeps every
 * line that can be read. Not an object at all: undefined (the store then starts empty).
 */
export function parseCart(raw: unknown): Cart | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const parsed = cartSchema.parse(raw);
  const seenSkus = new Set<string>();
  const seenLines = new Set<number>();
  const items = readableEntries(parsed.items, itemSchema).flatMap((item): CartItem[] => {
    if (seenSkus.has(item.sku) || seenLines.has(item.line_number)) return [];
    seenSkus.add(item.sku);
    seenLines.add(item.line_number);
    return [{ ...item, qty: Math.min(item.qty, item.maxQty || MAX_QTY_PER_SKU) }];
  });
  return {
    ...parsed,
    available_ship_methods: readableEntries(parsed.available_ship_methods, shippingMethodSchema),
    gift_card_payment_items: readableEntries(parsed.gift_card_payment_items, giftCardPaymentSchema).slice(0, MAX_GIFT_CARDS),
    items,
  };
}
