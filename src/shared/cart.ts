/**
 * The bag as local storage keeps it (spec section 3) and its rules (sections 4, 5 and 9). The server
 * prices the bag; these rules keep the lines themselves consistent on both sides.
 */
import { normaliseAddress, type AddressFields } from './address-normalise.ts';
import { MAX_CODE_LENGTH, MAX_GIFT_CARDS, MAX_QTY_PER_SKU, MAX_UNIQUE_ITEMS } from './constants.ts';
import { CART_MAXIMUM_MESSAGE_ID, MESSAGES } from './messages.ts';
import type { ImageRef, ProductDocument } from './product.ts';

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

export interface CartAddress extends AddressFields {
  _id: string | null;
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
export const shippingCountry = (cart: Pick<Cart, 'shipping_address'>) =>
  cart.shipping_address.country || DOMESTIC_COUNTRY;

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
  const message =
    wanted > line.maxQty ? { id: CART_MAXIMUM_MESSAGE_ID, text: MESSAGES.cartMaximum(describeLine(line)) } : null;
  return { cart: { ...cart, items }, message };
}

/** At most 50 unique items: the list is cut to the first 50 with the spec's message. */
export function enforceUniqueItemLimit(cart: Cart): CartChange {
  if (cart.items.length <= MAX_UNIQUE_ITEMS) return { cart, message: null };
  return {
    cart: { ...cart, items: cart.items.slice(0, MAX_UNIQUE_ITEMS) },
    message: { text: MESSAGES.tooManyUniqueItems },
  };
}

/*
 * A stored cart is read field by field rather than with zod: the server reads one at every refresh of the bag,
 * and zod's copies of each field were half of what a priced bag allocated. Each reader gives the field's
 * default for a value it cannot read.
 */
type Fields = Record<string, unknown>;
const MAX_TEXT_LENGTH = 2000;
const MAX_SKU_LENGTH = 100;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isTextOf = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

const text = (value: unknown): string => (isTextOf(value, 0, MAX_TEXT_LENGTH) ? value : '');
const money = (value: unknown): number => (isNumber(value) ? value : 0);
const nullableText = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Normalised as the shop prices it (address-normalise.ts): every bag and address the server is sent comes through here. */
function storedAddress(value: unknown): CartAddress {
  if (!isFields(value)) return emptyAddress();
  return normaliseAddress({
    _id: nullableText(value._id),
    country: typeof value.country === 'string' && value.country.trim().length <= 2 ? value.country : DOMESTIC_COUNTRY,
    first_name: text(value.first_name),
    last_name: text(value.last_name),
    address1: text(value.address1),
    address2: text(value.address2),
    city: text(value.city),
    region: text(value.region),
    postcode: text(value.postcode),
    phone: text(value.phone),
    is_validated: flag(value.is_validated, false),
  });
}

function storedImage(value: unknown): ImageRef | null {
  if (!isFields(value)) return null;
  const { url, width, height } = value;
  return isTextOf(url, 1, MAX_TEXT_LENGTH) && isNumber(width) && width > 0 && isNumber(height) && height > 0
    ? { url, width, height }
    : null;
}

/** A line, or undefined when its number, sku or quantity cannot be read (the line is dropped). */
function storedItem(value: unknown): CartItem | undefined {
  if (!isFields(value)) return undefined;
  const { line_number, sku, qty, maxQty } = value;
  if (!isWhole(line_number) || line_number <= 0 || !isTextOf(sku, 1, MAX_SKU_LENGTH) || !isWhole(qty) || qty <= 0)
    return undefined;
  return {
    line_number,
    sku,
    qty,
    item_price: money(value.item_price),
    discount_amount: money(value.discount_amount),
    dim_style: text(value.dim_style),
    dim_name: text(value.dim_name),
    dim_size: text(value.dim_size),
    dim_category: text(value.dim_category),
    url: text(value.url),
    image: storedImage(value.image),
    maxQty: isWhole(maxQty) && maxQty >= 0 ? maxQty : MAX_QTY_PER_SKU,
  };
}

const storedAmount = (value: unknown): Amount | undefined =>
  isFields(value) ? { amount: money(value.amount) } : undefined;

/** The totals as stored; a bag stored before tax was priced has no tax total: it reads as 0 until the server prices the bag again. */
function storedTotals(value: unknown): CartTotals {
  if (!isFields(value)) return emptyCart().totals;
  const subtotal = storedAmount(value.subtotal);
  const discount = storedAmount(value.discount);
  const afterDiscounts = storedAmount(value.subtotal_after_discounts);
  const tax = storedAmount(value.tax) ?? zero();
  const balanceDue = storedAmount(value.balance_due);
  if (!subtotal || !discount || !afterDiscounts || !balanceDue) return emptyCart().totals;
  return { subtotal, discount, subtotal_after_discounts: afterDiscounts, tax, balance_due: balanceDue };
}

function storedShippingMethod(value: unknown): ShippingMethod | undefined {
  if (!isFields(value)) return undefined;
  const { code, name, price, regular_price } = value;
  if (
    !isTextOf(code, 1, 100) ||
    !isTextOf(name, 0, 200) ||
    !isNumber(price) ||
    price < 0 ||
    !isNumber(regular_price) ||
    regular_price < 0
  )
    return undefined;
  return { code, name, price, regular_price };
}

function storedGiftCardPayment(value: unknown): GiftCardPayment | undefined {
  if (!isFields(value) || !isTextOf(value.code, 1, MAX_CODE_LENGTH)) return undefined;
  return { code: value.code, amount: money(value.amount) };
}

/** A list whose unreadable entries are dropped, keeping the readable ones. */
const readableEntries = <T>(entries: unknown[], read: (entry: unknown) => T | undefined): T[] =>
  entries.flatMap((entry) => {
    const readable = read(entry);
    return readable === undefined ? [] : [readable];
  });

/**
 * Reads a stored cart. A field that is missing or malformed gets its default, a malformed line is dropped,
 * and a repeated sku or line number keeps its first line: whatever storage holds, the shopper keeps every
 * line that can be read. Not an object at all: undefined (the store then starts empty).
 */
export function parseCart(raw: unknown): Cart | undefined {
  if (!isFields(raw)) return undefined;
  const seenSkus = new Set<string>();
  const seenLines = new Set<number>();
  const items = readableEntries(list(raw.items), storedItem).flatMap((item): CartItem[] => {
    if (seenSkus.has(item.sku) || seenLines.has(item.line_number)) return [];
    seenSkus.add(item.sku);
    seenLines.add(item.line_number);
    return [{ ...item, qty: Math.min(item.qty, item.maxQty || MAX_QTY_PER_SKU) }];
  });
  return {
    customer_email: text(raw.customer_email),
    promo_code_id: nullableText(raw.promo_code_id),
    promo_code_code: nullableText(raw.promo_code_code),
    requested_ship_method: nullableText(raw.requested_ship_method),
    available_ship_methods: readableEntries(list(raw.available_ship_methods), storedShippingMethod),
    use_store_credit: flag(raw.use_store_credit, true),
    available_credit: money(raw.available_credit),
    gift_card_payment_items: readableEntries(list(raw.gift_card_payment_items), storedGiftCardPayment).slice(
      0,
      MAX_GIFT_CARDS,
    ),
    items,
    totals: storedTotals(raw.totals),
    billing_address_same_as_shipping: flag(raw.billing_address_same_as_shipping, true),
    selected_credit_card_token: nullableText(raw.selected_credit_card_token),
    shipping_address: storedAddress(raw.shipping_address),
    billing_address: storedAddress(raw.billing_address),
    added_auto_sku: nullableText(raw.added_auto_sku),
    processedMarketplaceRequest: flag(raw.processedMarketplaceRequest, false),
    displayCartMessage: nullableText(raw.displayCartMessage),
  };
}
