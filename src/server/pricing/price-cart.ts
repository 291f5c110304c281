/**
 * Prices a bag from the database (the answer of POST /session-api/checkout/get-cart): today's prices and
 * stock, the promo code, the gift a promo adds, the shipping methods of the shipping country, store credit
 * and gift cards. Whatever the bag sent as prices or totals is ignored; only skus, quantities, line numbers
 * and the shopper's choices are read from it.
 */
import { normalizeCode, type BagLink, type GetCartResponse } from '../../shared/bag-pricing.ts';
import {
  addItem,
  describeLine,
  enforceUniqueItemLimit,
  nextLineNumber,
  shippingCountry,
  type Cart,
  type CartItem,
  type GiftCardPayment,
  type ShippingMethod,
} from '../../shared/cart.ts';
import { MAX_UNIQUE_ITEMS } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { fromCents as dollars, toCents as cents } from '../../shared/money.ts';
import type { Db } from '../db/database.ts';
import { loadBagSkus, type BagSku } from './bag-skus.ts';
import { anyPromoLive, findPromoCode, promoLineDiscounts, promoProblem, type PromoCode } from './promo-codes.ts';

export interface PriceCartInput {
  cart: Cart;
  /** A code the shopper typed, normalized; it must apply or the whole call is refused. */
  code: string | null;
  /** The bag link in the page's query string. */
  link: BagLink | null;
  customerId: string | null;
  now: Date;
}

export type PriceCartResult = { ok: true; response: GetCartResponse } | { ok: false; error: string };

type Message = GetCartResponse['messages'][number];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Takes the free unit a promo added back out of the bag; it is added again if the promo still applies. */
function withoutAutoGift(cart: Cart): Cart {
  const sku = cart.added_auto_sku;
  if (!sku) return cart;
  const items = cart.items.flatMap((item) => (item.sku !== sku ? [item] : item.qty > 1 ? [{ ...item, qty: item.qty - 1 }] : []));
  return { ...cart, items, added_auto_sku: null };
}

/** The bag's lines at today's price and stock: unknown skus leave, quantities above stock are lowered. */
function refreshLines(items: readonly CartItem[], skus: Map<string, BagSku>, messages: Message[]): CartItem[] {
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
    return [{ ...bagSku.line, line_number: item.line_number, qty, maxQty: bagSku.maxQty, discount_amount: 0 }];
  });
}

/** Adds a bag link's items by the bag's own add rules; what cannot be added is named in a message. */
function applyLink(cart: Cart, link: BagLink, skus: Map<string, BagSku>, messages: Message[]): Cart {
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
  const line: CartItem = { ...gift.line, line_number: nextLineNumber(cart.items), qty: 1, maxQty: gift.maxQty, discount_amount: 0 };
  return { cart: { ...cart, items: [...cart.items, line] }, added: gift.sku };
}

async function shippingMethodsFor(db: Db, country: string, subtotalAfterDiscountsCents: number, freeShipping: boolean) {
  const rows = await db.selectFrom('ship_methods').selectAll().orderBy('position').execute();
  return rows
    .filter((row) => (JSON.parse(row.countries) as string[]).includes(country))
    .map((row): ShippingMethod => {
      const free = freeShipping || (row.free_over_cents !== null && subtotalAfterDiscountsCents >= row.free_over_cents);
      return { code: row.code, name: row.name, price: free ? 0 : dollars(row.price_cents), regular_price: dollars(row.price_cents) };
    });
}

/** Each gift card pays what it can of what is left; unknown and empty cards leave the bag with a message. */
async function applyGiftCards(db: Db, payments: readonly GiftCardPayment[], dueCents: number, messages: Message[]) {
  const codes = [...new Set(payments.map((payment) => normalizeCode(payment.code)))];
  const rows = codes.length ? await db.selectFrom('gift_cards').select(['code', 'balance_cents']).where('code', 'in', codes).execute() : [];
  let left = dueCents;
  const applied: GiftCardPayment[] = [];
  for (const code of codes) {
    const card = rows.find((row) => row.code === code);
    if (!card) messages.push({ type: 'danger', text: MESSAGES.giftCardUnknown(code) });
    else if (card.balance_cents <= 0) messages.push({ type: 'danger', text: MESSAGES.giftCardEmpty(code) });
    else {
      const amount = Math.min(card.balance_cents, left);
      left -= amount;
      applied.push({ code, amount: dollars(amount) });
    }
  }
  return { applied, paidCents: dueCents - left };
}

/** The promo to price with: the typed code, else the link's, else the one the bag kept, with why it failed. */
async function choosePromo(
  db: Db,
  input: PriceCartInput,
  cart: Cart,
  subtotalCents: number,
  messages: Message[],
): Promise<{ promo: PromoCode | null; fresh: boolean } | { error: string }> {
  const check = async (code: string): Promise<{ promo: PromoCode } | { problem: string }> => {
    const promo = await findPromoCode(db, { code });
    const problem = promoProblem(promo, code, subtotalCents, input.now);
    return problem === null && promo ? { promo } : { problem: problem ?? MESSAGES.promoInvalid(code) };
  };
  if (input.code !== null) {
    const typed = await check(input.code);
    return 'promo' in typed ? { promo: typed.promo, fresh: true } : { error: typed.problem };
  }
  if (input.link?.promo) {
    const linked = await check(input.link.promo);
    if ('promo' in linked) return { promo: linked.promo, fresh: true };
    messages.push({ type: 'danger', text: linked.problem });
  }
  if (!cart.promo_code_code && !cart.promo_code_id) return { promo: null, fresh: false };
  const kept = cart.promo_code_code
    ? await findPromoCode(db, { code: normalizeCode(cart.promo_code_code) })
    : await findPromoCode(db, { id: cart.promo_code_id ?? '' });
  const problem = promoProblem(kept, kept?.code ?? cart.promo_code_code ?? '', subtotalCents, input.now);
  if (problem !== null || !kept) {
    messages.push({ type: 'info', text: MESSAGES.promoRemoved(problem ?? '') });
    return { promo: null, fresh: false };
  }
  return { promo: kept, fresh: false };
}

export async function priceCart(db: Db, input: PriceCartInput): Promise<PriceCartResult> {
  const messages: Message[] = [];
  const limited = enforceUniqueItemLimit(withoutAutoGift(input.cart));
  if (limited.message) messages.push({ type: 'danger', text: limited.message.text });

  const skus = await loadBagSkus(db, [...limited.cart.items.map((item) => item.sku), ...(input.link?.items.map((item) => item.sku) ?? [])]);
  let cart: Cart = { ...limited.cart, items: refreshLines(limited.cart.items, skus, messages) };
  if (input.link) cart = applyLink(cart, input.link, skus, messages);

  const buyable = (item: CartItem) => item.maxQty > 0;
  const lineCents = (item: CartItem) => (buyable(item) ? cents(item.item_price) * item.qty : 0);
  const chosen = await choosePromo(db, input, cart, sum(cart.items.map(lineCents)), messages);
  if ('error' in chosen) return { ok: false, error: chosen.error };
  const promo: PromoCode | null = chosen.promo;
  if (chosen.fresh) messages.push({ type: 'success', text: MESSAGES.promoSuccess });

  const giftSku = promo?.gift_sku ? (skus.get(promo.gift_sku) ?? (await loadBagSkus(db, [promo.gift_sku])).get(promo.gift_sku)) : undefined;
  const gifted = addGift(cart, giftSku);
  cart = gifted.cart;

  // The free unit is discounted in full; the promo's own discount applies to the rest of each line.
  const giftCents = cart.items.map((item) => (item.sku === gifted.added ? cents(item.item_price) : 0));
  const promoCents = promo ? promoLineDiscounts(promo, cart.items.map((item, i) => lineCents(item) - (giftCents[i] ?? 0))) : [];
  const items = cart.items.map((item, i) => ({ ...item, discount_amount: dollars((giftCents[i] ?? 0) + (promoCents[i] ?? 0)) }));

  const subtotalCents = sum(items.map(lineCents));
  const discountCents = sum(items.map((item) => (buyable(item) ? cents(item.discount_amount) : 0)));
  const afterDiscountsCents = subtotalCents - discountCents;
  const country = shippingCountry(cart);
  const shippingMethods = await shippingMethodsFor(db, country, afterDiscountsCents, promo?.kind === 'free_shipping');
  const shipMethod = shippingMethods.find((method) => method.code === cart.requested_ship_method) ?? shippingMethods[0];
  const anythingToShip = items.some(buyable);
  const shippingCents = anythingToShip && shipMethod ? cents(shipMethod.price) : 0;

  const creditCents = input.customerId
    ? ((await db.selectFrom('customers').select('store_credit_cents').where('id', '=', input.customerId).executeTakeFirst())?.store_credit_cents ?? 0)
    : 0;
  const dueBeforeCreditCents = afterDiscountsCents + shippingCents;
  const creditUsedCents = cart.use_store_credit ? Math.min(creditCents, dueBeforeCreditCents) : 0;
  const giftCards = await applyGiftCards(db, cart.gift_card_payment_items, dueBeforeCreditCents - creditUsedCents, messages);

  const forceNoStock = items.some((item) => !buyable(item));
  if (giftSku) skus.set(giftSku.sku, giftSku);
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
    processedMarketplaceRequest: input.link !== null || cart.processedMarketplaceRequest,
    totals: {
      subtotal: { amount: dollars(subtotalCents) },
      discount: { amount: dollars(discountCents) },
      subtotal_after_discounts: { amount: dollars(afterDiscountsCents) },
      balance_due: { amount: dollars(dueBeforeCreditCents - creditUsedCents - giftCards.paidCents) },
    },
  };
  return {
    ok: true,
    response: {
      updatedCart,
      added_auto_sku: gifted.added,
      processedMarketplaceRequest: input.link !== null,
      shippingMethods,
      forceNoStock,
      disableCheckout: !anythingToShip || forceNoStock,
      finalSalesMessage: finalSaleNames.length ? MESSAGES.finalSaleLines(finalSaleNames.join(', ')) : null,
      promoEnabled: await anyPromoLive(db, input.now),
      messages,
    },
  };
}
