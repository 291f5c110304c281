/**
 * Prices a bag (the answer of POST /session-api/checkout/get-cart): today's prices and stock, the promo code,
 * the gift a promo adds, the shipping methods of the shipping country, store credit and gift cards. Whatever
 * the bag sent as prices or totals is ignored; only skus, quantities, line numbers and the shopper's choices
 * are read from it. Pure: it reads the request and what loadPricingInputs read from the database, nothing
 * else, so checkout prices the same bag the same way inside its order transaction.
 */
import { normalizeCode, type BagLink, type GetCartResponse } from '../../shared/bag-pricing.ts';
import {
  addItem,
  describeLine,
  enforceUniqueItemLimit,
  nextLineNumber,
  shippingCountry,
  type Cart,
  type CartChange,
  type CartItem,
  type GiftCardPayment,
  type ShippingMethod,
} from '../../shared/cart.ts';
import { MAX_UNIQUE_ITEMS } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { fromCents as dollars, toCents as cents } from '../../shared/money.ts';
import { bagLine, toBagSku, type BagSku, type SkuRecord } from './bag-skus.ts';
import { promoLineDiscounts, promoProblem, type PromoCode } from './promo-codes.ts';
import { salesTax, type SalesTax, type TaxRate } from './sales-tax.ts';

/** What the shopper asks to price. */
export interface CartPricingRequest {
  cart: Cart;
  /** A code the shopper typed, normalized; it must apply or the whole call is refused. */
  code: string | null;
  /** The bag link in the page's query string. */
  link: BagLink | null;
  now: Date;
}

/** A shipping method as the shop keeps it. */
export interface ShippingRate {
  code: string;
  name: string;
  price_cents: number;
  /** Free once the subtotal after discounts reaches this, or null for never. */
  free_over_cents: number | null;
  /** The country codes it ships to. */
  countries: string[];
}

export interface GiftCardBalance {
  code: string;
  balance_cents: number;
}

/** What the pricing reads from the database for one request (loadPricingInputs). */
export interface PricingInputs {
  /** The skus of the bag's lines, of its link and of the requested promos' gifts; one that no longer exists is absent. */
  skus: readonly SkuRecord[];
  /** The requested promo codes (typed, linked, kept) that exist. */
  promoCodes: readonly PromoCode[];
  /** Every shipping method, in the shop's order. */
  shippingRates: readonly ShippingRate[];
  /** The signed-in shopper's store credit, in cents; 0 for a guest. */
  storeCreditCents: number;
  /** The bag's gift cards that exist. */
  giftCards: readonly GiftCardBalance[];
  /** Whether any promo code can be used now: the bag offers its promo field only then. */
  promoLive: boolean;
  /** The sales tax rates of the shipping country (its own and its regions'). */
  taxRates: readonly TaxRate[];
}

/** What a priced bag comes to, in cents: what an order records and charges. */
export interface PricedAmounts {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  storeCreditCents: number;
  giftCardCents: number;
  /** What is left for the card. */
  balanceDueCents: number;
  /** What the order comes to before store credit and gift cards pay: subtotal less discount, plus shipping and tax. */
  totalCents: number;
  /** Each line of the priced bag, in the order of its items: the unit price and the line's discount. */
  lines: Array<{ itemPriceCents: number; discountCents: number }>;
  /** What each gift card of the priced bag pays, in the order of its gift card payments. */
  giftCards: Array<{ code: string; cents: number }>;
}

/** The bag priced, with its amounts and the tax it owes line by line (an order keeps each line's share for refunds). */
export type PriceCartResult =
  { ok: true; response: GetCartResponse; amounts: PricedAmounts; tax: SalesTax } | { ok: false; error: string };

type Message = GetCartResponse['messages'][number];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Takes the free unit a promo added back out of the bag; it is added again if the promo still applies. */
function withoutAutoGift(cart: Cart): Cart {
  const sku = cart.added_auto_sku;
  if (!sku) return cart;
  const items = cart.items.flatMap((item) =>
    item.sku !== sku ? [item] : item.qty > 1 ? [{ ...item, qty: item.qty - 1 }] : [],
  );
  return { ...cart, items, added_auto_sku: null };
}

/** The lines the pricing starts from: without a promo's free unit, and only the first 50 unique items. */
const linesToPrice = (cart: Cart): CartChange => enforceUniqueItemLimit(withoutAutoGift(cart));

/** The skus a request prices, besides its promos' gifts: those of its lines and of its bag link. */
export const requestedSkus = (request: CartPricingRequest): string[] => [
  ...linesToPrice(request.cart).cart.items.map((item) => item.sku),
  ...(request.link?.items.map((item) => item.sku) ?? []),
];

/** The promo codes a request may price with: the typed code, the link's, and the one the bag kept (by code, else by id). */
export function requestedPromoCodes({ cart, code, link }: CartPricingRequest): { codes: string[]; ids: string[] } {
  const kept = cart.promo_code_code ? normalizeCode(cart.promo_code_code) : null;
  return {
    codes: [code, link?.promo ?? null, kept].filter((value): value is string => value !== null),
    ids: !cart.promo_code_code && cart.promo_code_id ? [cart.promo_code_id] : [],
  };
}

/** The gift cards a bag pays with, by normalized code, each once. */
export const giftCardCodes = (cart: Pick<Cart, 'gift_card_payment_items'>): string[] => [
  ...new Set(cart.gift_card_payment_items.map((payment) => normalizeCode(payment.code))),
];

/** The bag's lines at today's price and stock: unknown skus leave, quantities above stock are lowered. */
function refreshLines(items: readonly CartItem[], skus: ReadonlyMap<string, BagSku>, messages: Message[]): CartItem[] {
  return items.flatMap((item) => {
    const bagSku = skus.get(item.sku);
    if (!bagSku) {
      messages.push({ type: 'info', text: MESSAGES.lineUnavailable(item.dim_name || item.sku) });
      return [];
    }
    let qty = item.qty;
    if (bagSku.maxQty > 0 && qty > bagSku.maxQty) {
      qty = bagSku.maxQty;
      messages.push({ type: 'warning', text: MESSAGES.lineLowered(describeLine(bagSku.line), qty) });
    }
    return [bagLine(bagSku, item.line_number, qty)];
  });
}

/** Adds a bag link's items by the bag's own add rules; what cannot be added is named in a message. */
function applyLink(cart: Cart, link: BagLink, skus: ReadonlyMap<string, BagSku>, messages: Message[]): Cart {
  if (link.unreadable) messages.push({ type: 'danger', text: MESSAGES.linkItemsUnreadable });
  let next = cart;
  for (const wanted of link.items) {
    const bagSku = skus.get(wanted.sku);
    if (!bagSku || bagSku.maxQty === 0) {
      messages.push({ type: 'danger', text: MESSAGES.linkItemUnavailable(wanted.sku) });
      continue;
    }
    const change = addItem(next, { ...bagSku.line, qty: wanted.qty, discount_amount: 0, maxQty: bagSku.maxQty });
    next = change.cart;
    if (change.message) messages.push({ type: 'danger', text: change.message.text });
  }
  return next;
}

/** Adds the promo's free unit when it is in stock and the line has room; returns the sku added or null. */
function addGift(cart: Cart, gift: BagSku | undefined): { cart: Cart; added: string | null } {
  if (!gift || gift.maxQty === 0) return { cart, added: null };
  const existing = cart.items.find((item) => item.sku === gift.sku);
  if (existing) {
    if (existing.qty >= gift.maxQty) return { cart, added: null };
    const items = cart.items.map((item) => (item === existing ? { ...item, qty: item.qty + 1 } : item));
    return { cart: { ...cart, items }, added: gift.sku };
  }
  if (cart.items.length >= MAX_UNIQUE_ITEMS) return { cart, added: null };
  return { cart: { ...cart, items: [...cart.items, bagLine(gift, nextLineNumber(cart.items), 1)] }, added: gift.sku };
}

/** The methods shipping to the country, free over their threshold or with a free-shipping promo. */
function shippingMethodsFor(
  rates: readonly ShippingRate[],
  country: string,
  subtotalAfterDiscountsCents: number,
  freeShipping: boolean,
) {
  return rates
    .filter((rate) => rate.countries.includes(country))
    .map((rate): ShippingMethod => {
      const free =
        freeShipping || (rate.free_over_cents !== null && subtotalAfterDiscountsCents >= rate.free_over_cents);
      return {
        code: rate.code,
        name: rate.name,
        price: free ? 0 : dollars(rate.price_cents),
        regular_price: dollars(rate.price_cents),
      };
    });
}

/** Each gift card pays what it can of what is left; unknown and empty cards leave the bag with a message. */
function applyGiftCards(cards: readonly GiftCardBalance[], cart: Cart, dueCents: number, messages: Message[]) {
  let left = dueCents;
  const paying: Array<{ code: string; cents: number }> = [];
  for (const code of giftCardCodes(cart)) {
    const card = cards.find((candidate) => candidate.code === code);
    if (!card) messages.push({ type: 'danger', text: MESSAGES.giftCardUnknown(code) });
    else if (card.balance_cents <= 0) messages.push({ type: 'danger', text: MESSAGES.giftCardEmpty(code) });
    else {
      const paid = Math.min(card.balance_cents, left);
      left -= paid;
      paying.push({ code, cents: paid });
    }
  }
  const applied: GiftCardPayment[] = paying.map((card) => ({ code: card.code, amount: dollars(card.cents) }));
  return { applied, paying, paidCents: dueCents - left };
}

/** The promo to price with: the typed code, else the link's, else the one the bag kept, with why it failed. */
function choosePromo(
  request: CartPricingRequest,
  promoCodes: readonly PromoCode[],
  subtotalCents: number,
  messages: Message[],
): { promo: PromoCode | null; fresh: boolean } | { error: string } {
  const byCode = (code: string) => promoCodes.find((promo) => promo.code === code);
  const check = (code: string): { promo: PromoCode } | { problem: string } => {
    const promo = byCode(code);
    const problem = promoProblem(promo, code, subtotalCents, request.now);
    return problem === null && promo ? { promo } : { problem: problem ?? MESSAGES.promoInvalid(code) };
  };
  if (request.code !== null) {
    const typed = check(request.code);
    return 'promo' in typed ? { promo: typed.promo, fresh: true } : { error: typed.problem };
  }
  if (request.link?.promo) {
    const linked = check(request.link.promo);
    if ('promo' in linked) return { promo: linked.promo, fresh: true };
    messages.push({ type: 'danger', text: linked.problem });
  }
  const { cart } = request;
  if (!cart.promo_code_code && !cart.promo_code_id) return { promo: null, fresh: false };
  const kept = cart.promo_code_code
    ? byCode(normalizeCode(cart.promo_code_code))
    : promoCodes.find((promo) => promo.id === cart.promo_code_id);
  const problem = promoProblem(kept, kept?.code ?? cart.promo_code_code ?? '', subtotalCents, request.now);
  if (problem !== null || !kept) {
    messages.push({ type: 'info', text: MESSAGES.promoRemoved(problem ?? '') });
    return { promo: null, fresh: false };
  }
  return { promo: kept, fresh: false };
}

export function priceCart(request: CartPricingRequest, inputs: PricingInputs): PriceCartResult {
  const messages: Message[] = [];
  const limited = linesToPrice(request.cart);
  if (limited.message) messages.push({ type: 'danger', text: limited.message.text });

  const skus = new Map(inputs.skus.map((record) => [record.sku, toBagSku(record)]));
  let cart: Cart = { ...limited.cart, items: refreshLines(limited.cart.items, skus, messages) };
  if (request.link) cart = applyLink(cart, request.link, skus, messages);

  const buyable = (item: CartItem) => item.maxQty > 0;
  const lineCents = (item: CartItem) => (buyable(item) ? cents(item.item_price) * item.qty : 0);
  const chosen = choosePromo(request, inputs.promoCodes, sum(cart.items.map(lineCents)), messages);
  if ('error' in chosen) return { ok: false, error: chosen.error };
  const promo: PromoCode | null = chosen.promo;
  if (chosen.fresh) messages.push({ type: 'success', text: MESSAGES.promoSuccess });

  const gifted = addGift(cart, promo?.gift_sku ? skus.get(promo.gift_sku) : undefined);
  cart = gifted.cart;

  // The free unit is discounted in full; the promo's own discount applies to the rest of each line.
  const giftCents = cart.items.map((item) => (item.sku === gifted.added ? cents(item.item_price) : 0));
  const promoCents = promo
    ? promoLineDiscounts(
        promo,
        cart.items.map((item, i) => lineCents(item) - (giftCents[i] ?? 0)),
      )
    : [];
  const lines = cart.items.map((item, i) => ({
    itemPriceCents: cents(item.item_price),
    discountCents: (giftCents[i] ?? 0) + (promoCents[i] ?? 0),
  }));
  const items = cart.items.map((item, i) => ({ ...item, discount_amount: dollars(lines[i]?.discountCents ?? 0) }));

  const subtotalCents = sum(items.map(lineCents));
  const discountCents = sum(items.map((item) => (buyable(item) ? cents(item.discount_amount) : 0)));
  const afterDiscountsCents = subtotalCents - discountCents;
  const shippingMethods = shippingMethodsFor(
    inputs.shippingRates,
    shippingCountry(cart),
    afterDiscountsCents,
    promo?.kind === 'free_shipping',
  );
  const shipMethod = shippingMethods.find((method) => method.code === cart.requested_ship_method) ?? shippingMethods[0];
  const anythingToShip = items.some(buyable);
  const shippingCents = anythingToShip && shipMethod ? cents(shipMethod.price) : 0;

  const tax = salesTax({ items, shippingCents, address: cart.shipping_address, rates: inputs.taxRates });

  // Store credit and gift cards are ways to pay: they pay the tax too, and do not lower it.
  const creditCents = inputs.storeCreditCents;
  const dueBeforeCreditCents = afterDiscountsCents + shippingCents + tax.taxCents;
  const creditUsedCents = cart.use_store_credit ? Math.min(creditCents, dueBeforeCreditCents) : 0;
  const giftCards = applyGiftCards(inputs.giftCards, cart, dueBeforeCreditCents - creditUsedCents, messages);

  const balanceDueCents = dueBeforeCreditCents - creditUsedCents - giftCards.paidCents;
  const forceNoStock = items.some((item) => !buyable(item));
  const finalSaleNames = items.filter((item) => skus.get(item.sku)?.finalSale).map(describeLine);
  const updatedCart: Cart = {
    ...cart,
    items,
    promo_code_id: promo?.id ?? null,
    promo_code_code: promo?.code ?? null,
    requested_ship_method: shipMethod?.code ?? null,
    available_ship_methods: shippingMethods,
    available_credit: dollars(creditCents),
    gift_card_payment_items: giftCards.applied,
    added_auto_sku: gifted.added,
    processedMarketplaceRequest: request.link !== null || cart.processedMarketplaceRequest,
    totals: {
      subtotal: { amount: dollars(subtotalCents) },
      discount: { amount: dollars(discountCents) },
      subtotal_after_discounts: { amount: dollars(afterDiscountsCents) },
      tax: { amount: dollars(tax.taxCents) },
      balance_due: { amount: dollars(balanceDueCents) },
    },
  };
  return {
    ok: true,
    tax,
    amounts: {
      subtotalCents,
      discountCents,
      shippingCents,
      taxCents: tax.taxCents,
      storeCreditCents: creditUsedCents,
      giftCardCents: giftCards.paidCents,
      balanceDueCents,
      totalCents: dueBeforeCreditCents,
      lines,
      giftCards: giftCards.paying,
    },
    response: {
      updatedCart,
      added_auto_sku: gifted.added,
      processedMarketplaceRequest: request.link !== null,
      shippingMethods,
      forceNoStock,
      disableCheckout: !anythingToShip || forceNoStock,
      finalSalesMessage: finalSaleNames.length ? MESSAGES.finalSaleLines(finalSaleNames.join(', ')) : null,
      promoEnabled: inputs.promoLive,
      messages,
    },
  };
}
