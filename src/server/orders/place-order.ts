/**
 * Placing an order (docs/decisions/013-placing-orders.md): answer a repeat of a request that made its order with
 * that order, before pricing (what the order spent would change the price); then the card checkout's steps
 * (checkout/card-checkout.ts) claim the idempotency key, authorize the card for the balance the server priced,
 * run writeOrder in one transaction and capture.
 * A decline, a sold-out line or a changed price leaves no order, no stock taken and no charge; a crash anywhere
 * leaves the order whole or absent, and the sweeper (order-sweeper.ts) voids or captures what a crash left
 * authorized.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Cart, CartAddress } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { OrderPayment } from '../../shared/order.ts';
import type { User } from '../../shared/user.ts';
import { emailProblem } from '../../shared/validators.ts';
import { validateAddress, type AddressInput } from '../addresses/validate-address.ts';
import { recordProductChanges } from '../catalogue/product-changes.ts';
import type { Database } from '../db/schema.ts';
import {
  checkOutByCard,
  CheckoutConflict,
  type AuthorizedCard,
  type CheckoutWritten,
} from '../checkout/card-checkout.ts';
import { madeBefore, recordMade } from '../checkout/checkout-attempts.ts';
import { MINIMUM_CHARGE_CENTS } from '../payments/payment-gateway.ts';
import { saveCard } from '../payments/saved-cards.ts';
import { priceCart, type CartPricingRequest, type PricedAmounts, type PriceCartResult } from '../pricing/price-cart.ts';
import { loadPricingInputs } from '../pricing/pricing-inputs.ts';
import type { SalesTax } from '../pricing/sales-tax.ts';
import { Refusal, refusal } from '../refusal.ts';
import type { OrderContext } from './order-context.ts';
import { orderHash } from './order-links.ts';
import { writeOrderMail } from './order-mail.ts';
import { addOrderEvent, captureCardPayment } from './order-payments.ts';

export interface PlaceOrderInput {
  idempotencyKey: string;
  cart: Cart;
  payment: OrderPayment;
  expectedBalanceDueCents: number;
  /** The new card (a token, not a saved card) is kept on the signed-in customer's account with the order. */
  saveCard?: boolean;
  /** The session's customer: their e-mail, store credit and saved cards; null for a guest. */
  customer: User | null;
  /** The shopper's address, whose declined cards are counted (rate-limits/card-declines.ts). */
  clientAddress: string;
  now: Date;
}

/** The placed order, or why it was refused. */
export type PlaceOrderResult = { orderId: string } | Refusal;

/** The checks of spec 5 on the e-mail and the addresses, by field path; the tidied addresses when they pass. */
function checkContact(
  input: PlaceOrderInput,
): { email: string; shipping: CartAddress; billing: CartAddress } | Refusal {
  const fields: Record<string, string> = {};
  const email = (input.customer?.username ?? input.cart.customer_email).trim();
  const emailError = emailProblem(email);
  if (emailError) fields.customer_email = emailError;
  const check = (name: 'shipping_address' | 'billing_address', address: CartAddress): CartAddress => {
    const result = validateAddress(address);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.errors)) fields[`${name}.${field}`] = message;
      return address;
    }
    return { ...address, ...(result.address satisfies AddressInput) };
  };
  const shipping = check('shipping_address', input.cart.shipping_address);
  const billing = input.cart.billing_address_same_as_shipping
    ? shipping
    : check('billing_address', input.cart.billing_address);
  if (Object.keys(fields).length) return refusal(422, MESSAGES.correctTheErrors, { fields });
  return { email, shipping, billing };
}

/** What makes two requests the same order: the same key with anything else here is refused. */
function fingerprint(input: PlaceOrderInput, email: string, cart: Cart): string {
  const request = {
    customer: input.customer?._id ?? null,
    email: email.toLowerCase(),
    items: cart.items.map((item) => [item.line_number, item.sku, item.qty]),
    promo: cart.promo_code_code ?? cart.promo_code_id,
    ship: cart.requested_ship_method,
    giftCards: cart.gift_card_payment_items.map((card) => card.code.trim().toUpperCase()),
    credit: cart.use_store_credit,
    shipping: cart.shipping_address,
    billing: cart.billing_address_same_as_shipping ? null : cart.billing_address,
    payment: input.payment,
    expected: input.expectedBalanceDueCents,
  };
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** Why a priced bag is not the one the shopper agreed to, or null: a line sold out or lowered, a promo or gift card gone, another total. */
function bagProblem(priced: PriceCartResult, expectedCents: number): string | null {
  if (!priced.ok) return priced.error;
  const { response, amounts } = priced;
  if (response.forceNoStock || response.messages.some((message) => message.type === 'warning'))
    return MESSAGES.orderSoldOut;
  if (response.messages.length > 0 || amounts.balanceDueCents !== expectedCents) return MESSAGES.orderPriceChanged;
  return null;
}

interface Prepared {
  input: PlaceOrderInput;
  email: string;
  pricing: CartPricingRequest;
  amountCents: number;
}

/** The bag as the order transaction priced it: its lines and choices, what it comes to in cents, and its tax. */
interface PricedBag {
  cart: Cart;
  amounts: PricedAmounts;
  tax: SalesTax;
}

/** Re-prices the bag inside the transaction: the priced bag when it is still the one authorized, else a conflict. */
async function repriceInTransaction(
  trx: Transaction<Database>,
  prepared: Prepared,
): Promise<PricedBag & { productOf: Map<string, string> }> {
  const inputs = await loadPricingInputs(trx, prepared.pricing, prepared.input.customer?._id ?? null);
  const priced = priceCart(prepared.pricing, inputs);
  const problem = bagProblem(priced, prepared.amountCents);
  if (problem || !priced.ok) throw new CheckoutConflict(problem ?? MESSAGES.orderPriceChanged);
  const productOf = new Map(inputs.skus.map((record) => [record.sku, record.product_id]));
  return { cart: priced.response.updatedCart, amounts: priced.amounts, tax: priced.tax, productOf };
}

/** Takes each sku's quantity from stock, never below zero: one conditional statement a sku, in sku order so writers never deadlock. */
async function takeStock(
  trx: Transaction<Database>,
  lines: ReadonlyArray<{ sku: string; qty: number }>,
): Promise<void> {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.qty);
  for (const [sku, qty] of [...wanted].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const taken = await trx
      .updateTable('skus')
      .set((eb) => ({ qty: eb('qty', '-', qty) }))
      .where('sku', '=', sku)
      .where('qty', '>=', qty)
      .returning('sku')
      .executeTakeFirst();
    if (!taken) throw new CheckoutConflict(MESSAGES.orderSoldOut);
  }
}

/** Counts one use of the promo, within its limit and the customer's. */
async function countPromoUse(
  trx: Transaction<Database>,
  promoId: string,
  code: string,
  customerKey: string,
): Promise<void> {
  const used = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', promoId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .returning('usage_limit_per_customer')
    .executeTakeFirst();
  if (!used) throw new CheckoutConflict(MESSAGES.promoUsedUp(code));
  const perCustomer = used.usage_limit_per_customer;
  if (perCustomer === null) return;
  await trx
    .insertInto('promo_code_customer_uses')
    .values({ promo_code_id: promoId, customer_key: customerKey, used_count: 0 })
    .onConflict((conflict) => conflict.columns(['promo_code_id', 'customer_key']).doNothing())
    .execute();
  const counted = await trx
    .updateTable('promo_code_customer_uses')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('promo_code_id', '=', promoId)
    .where('customer_key', '=', customerKey)
    .where('used_count', '<', perCustomer)
    .returning('used_count')
    .executeTakeFirst();
  if (!counted) throw new CheckoutConflict(MESSAGES.promoUsedUp(code));
}

/** A gift card's balance the order spent. */
interface SpentGiftCard {
  id: string;
  cents: number;
}

/** Takes what each gift card pays from its balance, in code order so writers never deadlock; a card that pays nothing is left alone. */
async function spendGiftCards(
  trx: Transaction<Database>,
  paying: PricedAmounts['giftCards'],
): Promise<SpentGiftCard[]> {
  const spentCards: SpentGiftCard[] = [];
  for (const payment of [...paying].sort((a, b) => (a.code < b.code ? -1 : 1))) {
    // A card in the bag that pays nothing (store credit covered the order) moves no money: no payment to write.
    if (payment.cents === 0) continue;
    const spent = await trx
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '-', payment.cents) }))
      .where('code', '=', payment.code)
      .where('balance_cents', '>=', payment.cents)
      .returning('id')
      .executeTakeFirst();
    if (!spent) throw new CheckoutConflict(MESSAGES.orderPriceChanged);
    spentCards.push({ id: spent.id, cents: payment.cents });
  }
  return spentCards;
}

/** The signed-in customer's store credit an order spends. */
interface SpentStoreCredit {
  customerId: string;
  cents: number;
}

/** Takes the store credit the order uses from the customer's balance. */
async function spendStoreCredit(trx: Transaction<Database>, credit: SpentStoreCredit): Promise<void> {
  const spent = await trx
    .updateTable('customers')
    .set((eb) => ({ store_credit_cents: eb('store_credit_cents', '-', credit.cents) }))
    .where('id', '=', credit.customerId)
    .where('store_credit_cents', '>=', credit.cents)
    .returning('id')
    .executeTakeFirst();
  if (!spent) throw new CheckoutConflict(MESSAGES.orderPriceChanged);
}

async function nextOrderNumber(trx: Transaction<Database>): Promise<number> {
  const { last_number: number } = await trx
    .updateTable('order_number_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return number;
}

/** The order row: what the priced bag comes to, its addresses and the card that pays the balance. */
async function insertOrder(
  trx: Transaction<Database>,
  order: {
    id: string;
    hash: string;
    number: number;
    key: string;
    customerId: string | null;
    email: string;
    card: AuthorizedCard | null;
    priced: PricedBag;
    stamp: string;
  },
): Promise<void> {
  const { cart, amounts, tax } = order.priced;
  await trx
    .insertInto('orders')
    .values({
      id: order.id,
      hash: order.hash,
      number: order.number,
      customer_id: order.customerId,
      email: order.email,
      status: order.card ? 'placed' : 'paid',
      idempotency_key: order.key,
      currency: 'USD',
      subtotal_cents: amounts.subtotalCents,
      discount_cents: amounts.discountCents,
      shipping_cents: amounts.shippingCents,
      tax_cents: amounts.taxCents,
      shipping_tax_cents: tax.shippingTaxCents,
      store_credit_cents: amounts.storeCreditCents,
      gift_card_cents: amounts.giftCardCents,
      total_cents: amounts.totalCents,
      promo_code_id: cart.promo_code_id,
      ship_method: cart.requested_ship_method ?? '',
      shipping_address: JSON.stringify(cart.shipping_address),
      billing_address: JSON.stringify(
        cart.billing_address_same_as_shipping ? cart.shipping_address : cart.billing_address,
      ),
      payment_reference: order.card?.paymentId ?? null,
      card_brand: order.card?.card.brand ?? null,
      card_last4: order.card?.card.last4 ?? null,
      created_at: order.stamp,
      updated_at: order.stamp,
    })
    .execute();
}

/** The order's lines at the prices they were sold at, each with its share of the tax (refunds give it back). */
async function insertOrderLines(
  trx: Transaction<Database>,
  orderId: string,
  { cart, amounts, tax }: PricedBag,
  productOf: ReadonlyMap<string, string>,
): Promise<void> {
  await trx
    .insertInto('order_lines')
    .values(
      cart.items.map((item, index) => ({
        order_id: orderId,
        line_number: item.line_number,
        sku: item.sku,
        product_id: productOf.get(item.sku) ?? '',
        name: item.dim_name,
        size: item.dim_size,
        qty: item.qty,
        item_price_cents: amounts.lines[index]?.itemPriceCents ?? 0,
        discount_cents: amounts.lines[index]?.discountCents ?? 0,
        tax_cents: tax.lineTaxCents[index] ?? 0,
      })),
    )
    .execute();
}

/** The order's payments (the card's authorization, the gift cards and the store credit) and their ledger rows. */
async function writePayments(
  trx: Transaction<Database>,
  order: { id: string; stamp: string },
  paid: {
    card: AuthorizedCard | null;
    cardCents: number;
    giftCards: SpentGiftCard[];
    storeCredit: SpentStoreCredit | null;
  },
): Promise<void> {
  const payments = [
    ...(paid.card
      ? [{ method: 'card', reference: paid.card.paymentId, amount_cents: paid.cardCents, status: 'authorized' }]
      : []),
    ...paid.giftCards.map((spent) => ({
      method: 'gift_card',
      reference: spent.id,
      amount_cents: spent.cents,
      status: 'captured',
    })),
    ...(paid.storeCredit
      ? [
          {
            method: 'store_credit',
            reference: paid.storeCredit.customerId,
            amount_cents: paid.storeCredit.cents,
            status: 'captured',
          },
        ]
      : []),
  ];
  if (payments.length) {
    await trx
      .insertInto('order_payments')
      .values(
        payments.map((payment) => ({ ...payment, id: randomUUID(), order_id: order.id, created_at: order.stamp })),
      )
      .execute();
  }
  if (paid.giftCards.length) {
    await trx
      .insertInto('gift_card_entries')
      .values(
        paid.giftCards.map((spent) => ({
          id: randomUUID(),
          gift_card_id: spent.id,
          order_id: order.id,
          amount_cents: -spent.cents,
          reason: 'order',
          created_at: order.stamp,
        })),
      )
      .execute();
  }
  if (paid.storeCredit) {
    await trx
      .insertInto('store_credit_entries')
      .values({
        id: randomUUID(),
        customer_id: paid.storeCredit.customerId,
        order_id: order.id,
        amount_cents: -paid.storeCredit.cents,
        reason: 'order',
        created_at: order.stamp,
      })
      .execute();
  }
}

/**
 * The one transaction, after the attempt settled: re-price, take stock, use the promo, spend gift cards and
 * credit, write the order with its lines, payments, first event and confirmation e-mail.
 */
async function writeOrder(
  ctx: OrderContext,
  prepared: Prepared,
  trx: Transaction<Database>,
  card: AuthorizedCard | null,
  now: Date,
): Promise<CheckoutWritten> {
  const { input, email } = prepared;
  const key = input.idempotencyKey;
  const customerId = input.customer?._id ?? null;
  const stamp = now.toISOString();
  const { productOf, ...priced } = await repriceInTransaction(trx, prepared);
  const { cart, amounts } = priced;

  await takeStock(trx, cart.items);
  if (cart.promo_code_id)
    await countPromoUse(trx, cart.promo_code_id, cart.promo_code_code ?? '', customerId ?? email.toLowerCase());
  const giftCards = await spendGiftCards(trx, amounts.giftCards);
  const storeCredit =
    customerId && amounts.storeCreditCents > 0 ? { customerId, cents: amounts.storeCreditCents } : null;
  if (storeCredit) await spendStoreCredit(trx, storeCredit);

  const orderId = randomUUID();
  await insertOrder(trx, {
    id: orderId,
    hash: orderHash(ctx.orderLinkSecret, orderId),
    number: await nextOrderNumber(trx),
    key,
    customerId,
    email,
    card,
    priced,
    stamp,
  });
  await insertOrderLines(trx, orderId, priced, productOf);

  // In the order's transaction: a card is saved with the order it paid for, once, whatever retries of the key follow.
  if (input.saveCard && customerId && card && input.payment && 'token' in input.payment)
    await saveCard(trx, customerId, card.token, card.card, stamp);
  await writePayments(
    trx,
    { id: orderId, stamp },
    { card, cardCents: amounts.balanceDueCents, giftCards, storeCredit },
  );
  await addOrderEvent(trx, orderId, 'placed', { total_cents: amounts.totalCents }, now);
  await recordMade(trx, key, { order_id: orderId });

  const outboxId = await writeOrderMail(ctx, trx, orderId, 'order-confirmation', now);
  // Last: from here until commit this transaction holds the product change feed's counter.
  await recordProductChanges(
    trx,
    cart.items.map((item) => productOf.get(item.sku) ?? ''),
  );
  return { id: orderId, outboxIds: [outboxId] };
}

/** Captures the order's card payment, written by its transaction. */
async function captureOrder(ctx: OrderContext, orderId: string): Promise<boolean> {
  const payment = await ctx.db
    .selectFrom('order_payments')
    .select(['id', 'order_id', 'reference', 'status'])
    .where('order_id', '=', orderId)
    .where('method', '=', 'card')
    .executeTakeFirstOrThrow();
  return captureCardPayment(ctx, payment);
}

export async function placeOrder(ctx: OrderContext, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const contact = checkContact(input);
  if (contact instanceof Refusal) return contact;
  const cart: Cart = {
    ...input.cart,
    customer_email: contact.email,
    shipping_address: contact.shipping,
    billing_address: contact.billing,
  };
  if (cart.items.length === 0) return refusal(422, MESSAGES.orderBagEmpty);
  const print = fingerprint(input, contact.email, cart);
  const made = await madeBefore(ctx.db, input.idempotencyKey, print);
  if (made?.orderId) return { orderId: made.orderId };
  const pricing: CartPricingRequest = { cart, code: null, link: null, now: input.now };
  const priceNow = async () =>
    priceCart(pricing, await loadPricingInputs(ctx.db, pricing, input.customer?._id ?? null));

  // Priced before anything is written, so a bag that changed costs no authorization.
  const priced = await priceNow();
  const problem = bagProblem(priced, input.expectedBalanceDueCents);
  if (problem || !priced.ok)
    return refusal(409, problem ?? MESSAGES.orderPriceChanged, {
      updatedCart: priced.ok ? priced.response.updatedCart : undefined,
    });
  const amountCents = priced.amounts.balanceDueCents;
  if (amountCents > 0 && amountCents < MINIMUM_CHARGE_CENTS) return refusal(422, MESSAGES.orderCardMinimum);

  const prepared: Prepared = { input, email: contact.email, pricing, amountCents };
  const placed = await checkOutByCard(ctx, {
    idempotencyKey: input.idempotencyKey,
    fingerprint: print,
    amountCents,
    payment: input.payment,
    customer: input.customer,
    saveCard: input.saveCard,
    email: contact.email,
    clientAddress: input.clientAddress,
    now: input.now,
    madeOf: (attempt) => attempt.orderId,
    write: (trx, card, now) => writeOrder(ctx, prepared, trx, card, now),
    conflictRefusal: async (message) => {
      const again = await priceNow();
      return refusal(409, message, { updatedCart: again.ok ? again.response.updatedCart : undefined });
    },
    capture: (written) => captureOrder(ctx, written.id),
  });
  return placed instanceof Refusal ? placed : { orderId: placed.id };
}
