/**
 * Placing an order (docs/decisions/013-placing-orders.md): answer a repeat of a request that made its order with
 * that order, before pricing (what the order spent would change the price); claim the checkout's idempotency
 * key, authorize the card for the balance the server priced, write everything in one transaction, then capture.
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
import { MINIMUM_CHARGE_CENTS, type CardSummary } from '../payments/payment-gateway.ts';
import { saveCard } from '../payments/saved-cards.ts';
import { priceCart, type CartPricingRequest, type PriceCartResult } from '../pricing/price-cart.ts';
import { loadPricingInputs } from '../pricing/pricing-inputs.ts';
import { cardDeclineMessage, cardDeclinesUsedUp, tryCard } from '../rate-limits/card-declines.ts';
import { refusal, type OrderContext, type OrderRefusal } from './order-context.ts';
import { orderHash } from './order-links.ts';
import { writeOrderMail } from './order-mail.ts';
import {
  abandonAttempt,
  authorizeKey,
  claimAttempt,
  madeBefore,
  resolvePaymentCard,
  settleAttempt,
} from './checkout-attempts.ts';
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

export type PlaceOrderResult = { ok: true; orderId: string } | { ok: false; refusal: OrderRefusal };

/** A reason the transaction gave up: the bag changed. It rolls back everything the transaction wrote. */
class OrderConflict extends Error {}

/** The sweeper gave this try up (and voided its card) before the transaction began. */
class AttemptLost extends Error {}

const failed = (value: OrderRefusal): PlaceOrderResult => ({ ok: false, refusal: value });

/** The checks of spec 5 on the e-mail and the addresses, by field path; the tidied addresses when they pass. */
function checkContact(
  input: PlaceOrderInput,
): { email: string; shipping: CartAddress; billing: CartAddress } | OrderRefusal {
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
  key: string;
  tryNumber: number;
  email: string;
  cart: Cart;
  pricing: CartPricingRequest;
  amountCents: number;
  card: { token: string; card: CardSummary; paymentId: string } | null;
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
    if (!taken) throw new OrderConflict(MESSAGES.orderSoldOut);
  }
}

/** Counts one use of the promo, within its limit and the customer's. */
async function usePromo(trx: Transaction<Database>, promoId: string, code: string, customerKey: string): Promise<void> {
  const used = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', promoId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .returning('usage_limit_per_customer')
    .executeTakeFirst();
  if (!used) throw new OrderConflict(MESSAGES.promoUsedUp(code));
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
  if (!counted) throw new OrderConflict(MESSAGES.promoUsedUp(code));
}

/** The one transaction: re-price, take stock, use the promo, spend gift cards and credit, write the order. */
async function writeOrder(ctx: OrderContext, prepared: Prepared): Promise<{ orderId: string; outboxId: string }> {
  const { input, key, tryNumber, email, card } = prepared;
  const customerId = input.customer?._id ?? null;
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const stamp = now.toISOString();
    // The attempt must still be this request's: the sweeper may have given it up (and voided its card).
    if (!(await settleAttempt(trx, key, tryNumber, now))) throw new AttemptLost();

    const inputs = await loadPricingInputs(trx, prepared.pricing, customerId);
    const productOf = new Map(inputs.skus.map((record) => [record.sku, record.product_id]));
    const priced = priceCart(prepared.pricing, inputs);
    const problem = bagProblem(priced, prepared.amountCents);
    if (problem || !priced.ok) throw new OrderConflict(problem ?? MESSAGES.orderPriceChanged);
    const { response, amounts, tax } = priced;
    const cart = response.updatedCart;

    await takeStock(trx, cart.items);
    if (cart.promo_code_id)
      await usePromo(trx, cart.promo_code_id, cart.promo_code_code ?? '', customerId ?? email.toLowerCase());

    const orderId = randomUUID();
    const giftCards = [...cart.gift_card_payment_items].sort((a, b) => (a.code < b.code ? -1 : 1));
    const spentCards: Array<{ id: string; cents: number }> = [];
    for (const payment of giftCards) {
      const cents = Math.round(payment.amount * 100);
      // A card in the bag that pays nothing (store credit covered the order) moves no money: no payment to write.
      if (cents === 0) continue;
      const spent = await trx
        .updateTable('gift_cards')
        .set((eb) => ({ balance_cents: eb('balance_cents', '-', cents) }))
        .where('code', '=', payment.code)
        .where('balance_cents', '>=', cents)
        .returning('id')
        .executeTakeFirst();
      if (!spent) throw new OrderConflict(MESSAGES.orderPriceChanged);
      spentCards.push({ id: spent.id, cents });
    }
    if (amounts.storeCreditCents > 0 && customerId) {
      const spent = await trx
        .updateTable('customers')
        .set((eb) => ({ store_credit_cents: eb('store_credit_cents', '-', amounts.storeCreditCents) }))
        .where('id', '=', customerId)
        .where('store_credit_cents', '>=', amounts.storeCreditCents)
        .returning('id')
        .executeTakeFirst();
      if (!spent) throw new OrderConflict(MESSAGES.orderPriceChanged);
    }

    const { last_number: number } = await trx
      .updateTable('order_number_counter')
      .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
      .where('id', '=', 1)
      .returning('last_number')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        hash: orderHash(ctx.orderLinkSecret, orderId),
        number,
        customer_id: customerId,
        email,
        status: card ? 'placed' : 'paid',
        idempotency_key: key,
        currency: 'USD',
        subtotal_cents: amounts.subtotalCents,
        discount_cents: amounts.discountCents,
        shipping_cents: amounts.shippingCents,
        tax_cents: amounts.taxCents,
        shipping_tax_cents: tax.shippingTaxCents,
        store_credit_cents: amounts.storeCreditCents,
        gift_card_cents: amounts.giftCardCents,
        total_cents: amounts.subtotalCents - amounts.discountCents + amounts.shippingCents + amounts.taxCents,
        promo_code_id: cart.promo_code_id,
        ship_method: cart.requested_ship_method ?? '',
        shipping_address: JSON.stringify(cart.shipping_address),
        billing_address: JSON.stringify(
          cart.billing_address_same_as_shipping ? cart.shipping_address : cart.billing_address,
        ),
        payment_reference: card?.paymentId ?? null,
        card_brand: card?.card.brand ?? null,
        card_last4: card?.card.last4 ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
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
          item_price_cents: Math.round(item.item_price * 100),
          discount_cents: Math.round(item.discount_amount * 100),
          tax_cents: tax.lineTaxCents[index] ?? 0,
        })),
      )
      .execute();

    const payments = [
      ...(card
        ? [{ method: 'card', reference: card.paymentId, amount_cents: amounts.balanceDueCents, status: 'authorized' }]
        : []),
      ...spentCards.map((spent) => ({
        method: 'gift_card',
        reference: spent.id,
        amount_cents: spent.cents,
        status: 'captured',
      })),
      ...(amounts.storeCreditCents > 0 && customerId
        ? [
            {
              method: 'store_credit',
              reference: customerId,
              amount_cents: amounts.storeCreditCents,
              status: 'captured',
            },
          ]
        : []),
    ];
    // In the order's transaction: a card is saved with the order it paid for, once, whatever retries of the key follow.
    if (input.saveCard && customerId && card && input.payment && 'token' in input.payment)
      await saveCard(trx, customerId, card.token, card.card, stamp);
    if (payments.length) {
      await trx
        .insertInto('order_payments')
        .values(payments.map((payment) => ({ ...payment, id: randomUUID(), order_id: orderId, created_at: stamp })))
        .execute();
    }
    if (spentCards.length) {
      await trx
        .insertInto('gift_card_entries')
        .values(
          spentCards.map((spent) => ({
            id: randomUUID(),
            gift_card_id: spent.id,
            order_id: orderId,
            amount_cents: -spent.cents,
            reason: 'order',
            created_at: stamp,
          })),
        )
        .execute();
    }
    if (amounts.storeCreditCents > 0 && customerId) {
      await trx
        .insertInto('store_credit_entries')
        .values({
          id: randomUUID(),
          customer_id: customerId,
          order_id: orderId,
          amount_cents: -amounts.storeCreditCents,
          reason: 'order',
          created_at: stamp,
        })
        .execute();
    }
    await addOrderEvent(
      trx,
      orderId,
      'placed',
      { total_cents: amounts.subtotalCents - amounts.discountCents + amounts.shippingCents + amounts.taxCents },
      now,
    );
    await trx.updateTable('order_attempts').set({ order_id: orderId }).where('idempotency_key', '=', key).execute();

    const outboxId = await writeOrderMail(ctx, trx, orderId, 'order-confirmation', now);
    // Last: from here until commit this transaction holds the product change feed's counter.
    await recordProductChanges(
      trx,
      cart.items.map((item) => productOf.get(item.sku) ?? ''),
    );
    return { orderId, outboxId };
  });
}

/** Gives up an authorization this try made, then records the answer the shopper gets. */
async function abandon(
  ctx: OrderContext,
  prepared: Pick<Prepared, 'key' | 'tryNumber' | 'card'>,
  answer: OrderRefusal,
): Promise<PlaceOrderResult> {
  return failed(
    await abandonAttempt(
      ctx,
      { key: prepared.key, tryNumber: prepared.tryNumber, paymentId: prepared.card?.paymentId ?? null },
      answer,
    ),
  );
}

export async function placeOrder(ctx: OrderContext, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const contact = checkContact(input);
  if ('status' in contact) return failed(contact);
  const cart: Cart = {
    ...input.cart,
    customer_email: contact.email,
    shipping_address: contact.shipping,
    billing_address: contact.billing,
  };
  if (cart.items.length === 0) return failed(refusal(422, MESSAGES.orderBagEmpty));
  const print = fingerprint(input, contact.email, cart);
  const made = await madeBefore(ctx.db, input.idempotencyKey, print);
  if (made?.orderId) return { ok: true, orderId: made.orderId };
  const customerId = input.customer?._id ?? null;
  const pricing: CartPricingRequest = { cart, code: null, link: null, now: input.now };
  const repriced = async () => {
    const again = priceCart(pricing, await loadPricingInputs(ctx.db, pricing, customerId));
    return again.ok ? again.response.updatedCart : undefined;
  };

  // Priced before anything is written, so a bag that changed costs no authorization.
  const priced = priceCart(pricing, await loadPricingInputs(ctx.db, pricing, customerId));
  const problem = bagProblem(priced, input.expectedBalanceDueCents);
  if (problem || !priced.ok)
    return failed(
      refusal(409, problem ?? MESSAGES.orderPriceChanged, {
        updatedCart: priced.ok ? priced.response.updatedCart : undefined,
      }),
    );
  const amountCents = priced.amounts.balanceDueCents;
  if (amountCents > 0 && amountCents < MINIMUM_CHARGE_CENTS) return failed(refusal(422, MESSAGES.orderCardMinimum));
  const cardTrySubjects = {
    clientAddress: input.clientAddress,
    email: contact.email,
    idempotencyKey: input.idempotencyKey,
  };
  if (amountCents > 0 && (await cardDeclinesUsedUp(ctx.db, cardTrySubjects, input.now)))
    return failed(refusal(429, MESSAGES.cardTooManyDeclines));
  const card = amountCents > 0 ? await resolvePaymentCard(ctx, input.payment, input.customer) : null;
  if (card && 'status' in card) return failed(card);

  const claim = await claimAttempt(ctx.db, input.idempotencyKey, print, card, amountCents, input.now);
  if (!claim.claimed) {
    if ('refusal' in claim) return failed(claim.refusal);
    return claim.made.orderId
      ? { ok: true, orderId: claim.made.orderId }
      : failed(refusal(409, MESSAGES.orderKeyReused));
  }
  const { tryNumber } = claim;
  const key = input.idempotencyKey;

  let authorized: Prepared['card'] = null;
  if (card) {
    const cardTry = await tryCard(ctx.db, { ...cardTrySubjects, cardToken: card.token }, input.now, () =>
      ctx.gateway.authorize({ token: card.token, amountCents, idempotencyKey: authorizeKey(key, tryNumber) }),
    );
    if (cardTry.refused)
      return abandon(ctx, { key, tryNumber, card: null }, refusal(cardTry.refused.status, cardTry.refused.error));
    const { result, explain } = cardTry;
    if (result.status === 'declined')
      return abandon(ctx, { key, tryNumber, card: null }, refusal(402, cardDeclineMessage(result.message, explain)));
    if (result.status === 'error') {
      ctx.logger?.warn({ attempt: key, code: result.code, detail: result.detail }, 'card authorization failed');
      return abandon(
        ctx,
        { key, tryNumber, card: null },
        refusal(result.code === 'unavailable' ? 503 : 402, result.message),
      );
    }
    authorized = { ...card, paymentId: result.paymentId };
  }

  const prepared: Prepared = {
    input,
    key,
    tryNumber,
    email: contact.email,
    cart,
    pricing,
    amountCents,
    card: authorized,
  };
  let written: { orderId: string; outboxId: string };
  try {
    written = await writeOrder(ctx, prepared);
  } catch (error) {
    if (error instanceof OrderConflict)
      return abandon(ctx, prepared, refusal(409, error.message, { updatedCart: await repriced() }));
    // The sweeper voided this try's card and marked it failed.
    if (error instanceof AttemptLost) return failed(refusal(503, MESSAGES.paymentUnavailable));
    await abandon(ctx, prepared, refusal(503, MESSAGES.paymentUnavailable));
    throw error;
  }

  if (authorized) {
    const payment = await ctx.db
      .selectFrom('order_payments')
      .select(['id', 'order_id', 'reference', 'status'])
      .where('order_id', '=', written.orderId)
      .where('method', '=', 'card')
      .executeTakeFirstOrThrow();
    await captureCardPayment(ctx, payment);
  }
  ctx.mailer
    .deliver([written.outboxId])
    .catch((error: unknown) => ctx.logger?.warn({ err: error }, 'order confirmation not delivered'));
  return { ok: true, orderId: written.orderId };
}
