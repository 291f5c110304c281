/**
 * Buying gift cards, held to the standard of placing an order (docs/decisions/013-placing-orders.md, and
 * docs/decisions/015-gift-cards.md): answer a repeat of a request that made its purchase with that purchase;
 * check everything and write nothing; then the card checkout's steps (checkout/card-checkout.ts) claim the
 * attempt's idempotency key, authorize the card for the amount and run writePurchase in one transaction (the
 * purchase, each card with a new code and its first ledger row, the promotion's bonus: a card, or store credit on
 * the buyer's account, the receipt and the e-mails of the cards due today), then capture. A decline or a crash
 * leaves no card and no charge: the sweeper voids an authorization whose transaction never committed and
 * captures one whose capture was lost.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  addDays,
  dayIn,
  GIFT_CARD_DELIVERY_MAX_DAYS,
  giftCardBonus,
  type BonusKind,
  type GiftCardPromo,
  type GiftCardPurchaseRequest,
  type GiftCardPurchaseView,
} from '../../shared/gift-card.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { fromCents, toCents } from '../../shared/money.ts';
import type { User } from '../../shared/user.ts';
import { checkForm, emailProblem, giftCardSchema } from '../../shared/validators.ts';
import { checkOutByCard, type AuthorizedCard, type CheckoutWritten } from '../checkout/card-checkout.ts';
import { madeBefore, recordMade } from '../checkout/checkout-attempts.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { MINIMUM_CHARGE_CENTS } from '../payments/payment-gateway.ts';
import { Refusal, refusal } from '../refusal.ts';
import { newGiftCardCode } from './gift-card-codes.ts';
import { giftCardMail, giftCardReceipt } from './gift-card-mail.ts';

export interface BuyGiftCardsInput {
  idempotencyKey: string;
  request: Omit<GiftCardPurchaseRequest, 'idempotency_key'>;
  /** The session's customer: the receipt goes to their address, the cards show in their wallet, and store credit can be theirs. */
  customer: User | null;
  /** The buyer's address, whose declined cards are counted (rate-limits/card-declines.ts). */
  clientAddress: string;
  now: Date;
}

/** The purchase made, or why it was refused. */
export type BuyGiftCardsResult = { purchaseId: string } | Refusal;

export const giftCardCaptureKey = (purchaseId: string) => `gift-card-purchase-${purchaseId}-capture`;

/** The promotion and the shop's name, from the website config. */
export async function readGiftCardSettings(db: Db): Promise<{ promo: GiftCardPromo; siteName: string }> {
  const row = await db
    .selectFrom('website_config')
    .select(['promo_gift_card_rate_per_fifty_cents', 'promo_store_credit', 'site_name'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    promo: {
      ratePerFifty: fromCents(row?.promo_gift_card_rate_per_fifty_cents ?? 0),
      storeCredit: row?.promo_store_credit === 1,
    },
    siteName: row?.site_name ?? '',
  };
}

interface CheckedPurchase {
  /** The shop's calendar day the purchase was checked on. */
  today: string;
  email: string;
  amountCents: number;
  card: { name: string; email: string; message: string | null; deliverOn: string; dueNow: boolean };
  bonus: { kind: BonusKind; cents: number; name: string | null; email: string | null; message: string | null } | null;
}

/** The spec's shared validators on every field (422 with each field's message), and the delivery day within a year from today. */
function checkPurchase(input: BuyGiftCardsInput, promo: GiftCardPromo, today: string): CheckedPurchase | Refusal {
  const { request, customer } = input;
  const bonus = giftCardBonus(request.amount, promo, customer !== null);
  // A bonus card with no recipient of its own goes to the buyer ('Send it to me').
  const checked = checkForm(giftCardSchema({ bonusToSomeoneElse: false }), {
    ...request,
    amount: String(request.amount),
  });
  const fields: Record<string, string> = checked.ok ? {} : { ...checked.errors };
  const email = (customer?.username ?? request.buyer_email).trim();
  const buyerProblem = emailProblem(email);
  if (buyerProblem) fields.buyer_email = buyerProblem;
  const deliverOn = checked.ok ? checked.value.deliver_on || today : today;
  // A day before today in the shop's zone is today in the buyer's (a buyer to the west, late in the evening).
  if (checked.ok && (deliverOn < addDays(today, -1) || deliverOn > addDays(today, GIFT_CARD_DELIVERY_MAX_DAYS)))
    fields.deliver_on = MESSAGES.giftCardDeliveryDayInvalid;
  if (!checked.ok || Object.keys(fields).length > 0) return refusal(422, MESSAGES.correctTheErrors, { fields });
  const values = checked.value;
  const day = deliverOn < today ? today : deliverOn;
  const bonusRecipient = values.promo_recipient_email
    ? { name: values.promo_recipient_name, email: values.promo_recipient_email }
    : { name: customer?.first_name ?? '', email };
  return {
    today,
    email,
    amountCents: toCents(Number(values.amount)),
    card: {
      name: values.recipient_name,
      email: values.recipient_email,
      message: values.message || null,
      deliverOn: day,
      dueNow: day <= today,
    },
    bonus: bonus
      ? {
          kind: bonus.kind,
          cents: toCents(bonus.amount),
          name: bonus.kind === 'card' ? bonusRecipient.name : null,
          email: bonus.kind === 'card' ? bonusRecipient.email : null,
          message: bonus.kind === 'card' ? values.promo_message || null : null,
        }
      : null,
  };
}

/**
 * What makes two requests the same purchase: the same key with anything else here is refused. Made from the
 * request as sent, before any check, so a repeat is known as one whatever has changed since.
 */
function fingerprint(input: BuyGiftCardsInput): string {
  const { request, customer } = input;
  const purchase = {
    customer: customer?._id ?? null,
    email: (customer?.username ?? request.buyer_email).trim().toLowerCase(),
    amount: toCents(request.amount),
    recipient: [
      request.recipient_name.trim(),
      request.recipient_email.trim().toLowerCase(),
      request.message.trim(),
      request.deliver_on.trim(),
    ],
    bonus: [
      request.promo_recipient_name.trim(),
      request.promo_recipient_email.trim().toLowerCase(),
      request.promo_message.trim(),
    ],
    payment: request.payment,
  };
  return createHash('sha256').update(JSON.stringify(purchase)).digest('hex');
}

interface Prepared {
  key: string;
  customer: User | null;
  checked: CheckedPurchase;
  siteName: string;
}

/**
 * The one transaction, after the attempt settled: the purchase, its cards and their ledger rows, the bonus, the
 * receipt and the mail due now.
 */
async function writePurchase(
  ctx: CheckoutContext,
  prepared: Prepared,
  trx: Transaction<Database>,
  { paymentId, card }: AuthorizedCard,
  now: Date,
): Promise<CheckoutWritten> {
  const { key, customer, checked } = prepared;
  const stamp = now.toISOString();
  const purchaseId = randomUUID();
  const { bonus } = checked;
  await trx
    .insertInto('gift_card_purchases')
    .values({
      id: purchaseId,
      idempotency_key: key,
      customer_id: customer?._id ?? null,
      email: checked.email,
      amount_cents: checked.amountCents,
      bonus_cents: bonus?.cents ?? 0,
      bonus_kind: bonus?.kind ?? null,
      payment_reference: paymentId,
      card_brand: card.brand,
      card_last4: card.last4,
      payment_status: 'authorized',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();

  const senderName = customer?.first_name.trim() || null;
  const shop = { publicUrl: ctx.publicUrl, siteName: prepared.siteName };
  const outboxIds: string[] = [];
  // The bonus card is the buyer's reward: it goes out at once, whatever day the bought card is for.
  const cards = [
    { kind: 'purchased' as const, cents: checked.amountCents, ...checked.card },
    ...(bonus?.kind === 'card'
      ? [
          {
            kind: 'bonus' as const,
            cents: bonus.cents,
            name: bonus.name ?? '',
            email: bonus.email ?? '',
            message: bonus.message,
            deliverOn: checked.today,
            dueNow: true,
          },
        ]
      : []),
  ];
  for (const giftCard of cards) {
    const id = randomUUID();
    const code = newGiftCardCode();
    await trx
      .insertInto('gift_cards')
      .values({
        id,
        code,
        initial_cents: giftCard.cents,
        balance_cents: giftCard.cents,
        recipient_email: giftCard.email,
        recipient_name: giftCard.name,
        message: giftCard.message,
        purchaser_customer_id: customer?._id ?? null,
        order_id: null,
        purchase_id: purchaseId,
        kind: giftCard.kind,
        sender_name: senderName,
        deliver_on: giftCard.deliverOn,
        delivered_at: giftCard.dueNow ? stamp : null,
        created_at: stamp,
      })
      .execute();
    await trx
      .insertInto('gift_card_entries')
      .values({
        id: randomUUID(),
        gift_card_id: id,
        order_id: null,
        amount_cents: giftCard.cents,
        reason: giftCard.kind,
        created_at: stamp,
      })
      .execute();
    if (giftCard.dueNow) {
      const mail = giftCardMail(shop, {
        kind: giftCard.kind,
        code,
        amountCents: giftCard.cents,
        recipientName: giftCard.name,
        recipientEmail: giftCard.email,
        message: giftCard.message,
        senderName,
      });
      outboxIds.push(await ctx.mailer.enqueue(trx, mail, now));
    }
  }
  if (bonus?.kind === 'store_credit' && customer) {
    await trx
      .updateTable('customers')
      .set((eb) => ({ store_credit_cents: eb('store_credit_cents', '+', bonus.cents) }))
      .where('id', '=', customer._id)
      .execute();
    await trx
      .insertInto('store_credit_entries')
      .values({
        id: randomUUID(),
        customer_id: customer._id,
        order_id: null,
        amount_cents: bonus.cents,
        reason: 'gift-card-bonus',
        created_at: stamp,
      })
      .execute();
  }
  await recordMade(trx, key, { gift_card_purchase_id: purchaseId });
  const receipt = giftCardReceipt(shop, {
    email: checked.email,
    amountCents: checked.amountCents,
    card: {
      name: checked.card.name,
      email: checked.card.email,
      deliverOn: checked.card.deliverOn,
      deliveredNow: checked.card.dueNow,
    },
    bonus: bonus ? { kind: bonus.kind, cents: bonus.cents, name: bonus.name, email: bonus.email } : null,
    payment: { brand: MESSAGES.cardBrands[card.brand], last4: card.last4 },
  });
  outboxIds.push(await ctx.mailer.enqueue(trx, receipt, now));
  return { id: purchaseId, outboxIds };
}

/** Captures a purchase's authorization (under a key made from the purchase, so a repeat is harmless); false when the gateway did not. */
export async function captureGiftCardPurchase(
  ctx: CheckoutContext,
  purchase: { id: string; payment_reference: string; payment_status: string },
): Promise<boolean> {
  if (purchase.payment_status === 'captured') return true;
  const captured = await ctx.gateway.capture({
    paymentId: purchase.payment_reference,
    idempotencyKey: giftCardCaptureKey(purchase.id),
  });
  if (captured.status !== 'approved') {
    ctx.logger?.warn(
      { purchase: purchase.id, code: captured.code },
      'gift card capture failed; the sweeper tries again',
    );
    return false;
  }
  await ctx.db
    .updateTable('gift_card_purchases')
    .set({ payment_status: 'captured', updated_at: new Date().toISOString() })
    .where('id', '=', purchase.id)
    .execute();
  return true;
}

export async function buyGiftCards(ctx: CheckoutContext, input: BuyGiftCardsInput): Promise<BuyGiftCardsResult> {
  const key = input.idempotencyKey;
  const print = fingerprint(input);
  // A repeat of a request that made its purchase: checked again, it could fail where it passed (the promotion, the day).
  const made = await madeBefore(ctx.db, key, print);
  if (made?.giftCardPurchaseId) return { purchaseId: made.giftCardPurchaseId };
  const { promo, siteName } = await readGiftCardSettings(ctx.db);
  const checked = checkPurchase(input, promo, dayIn(ctx.shopTimeZone, input.now));
  if (checked instanceof Refusal) return checked;
  if (checked.amountCents < MINIMUM_CHARGE_CENTS) return refusal(422, MESSAGES.correctTheErrors);
  const prepared: Prepared = { key, customer: input.customer, checked, siteName };
  const bought = await checkOutByCard(ctx, {
    idempotencyKey: key,
    fingerprint: print,
    amountCents: checked.amountCents,
    payment: input.request.payment,
    customer: input.customer,
    email: checked.email,
    clientAddress: input.clientAddress,
    now: input.now,
    madeOf: (attempt) => attempt.giftCardPurchaseId,
    write: (trx, card, now) => {
      // Never reached: the amount is at least the card minimum, so the card was authorized.
      if (!card) throw new Error('a gift card purchase without a card');
      return writePurchase(ctx, prepared, trx, card, now);
    },
    capture: (written, card) =>
      captureGiftCardPurchase(ctx, { id: written.id, payment_reference: card.paymentId, payment_status: 'authorized' }),
  });
  return bought instanceof Refusal ? bought : { purchaseId: bought.id };
}

/** A purchase as its confirmation shows it: the bought card's recipient and day, the bonus, the receipt's address and the card charged. */
export async function readGiftCardPurchase(db: Db, purchaseId: string): Promise<GiftCardPurchaseView | null> {
  const purchase = await db
    .selectFrom('gift_card_purchases')
    .selectAll()
    .where('id', '=', purchaseId)
    .executeTakeFirst();
  if (!purchase) return null;
  const cards = await db
    .selectFrom('gift_cards')
    .select(['kind', 'recipient_name', 'recipient_email', 'deliver_on'])
    .where('purchase_id', '=', purchaseId)
    .execute();
  const bought = cards.find((card) => card.kind === 'purchased');
  const bonusCard = cards.find((card) => card.kind === 'bonus');
  const bonusKind =
    purchase.bonus_kind === 'card' || purchase.bonus_kind === 'store_credit' ? purchase.bonus_kind : null;
  return {
    id: purchase.id,
    amount: fromCents(purchase.amount_cents),
    recipient_name: bought?.recipient_name ?? '',
    recipient_email: bought?.recipient_email ?? '',
    deliver_on: bought?.deliver_on ?? '',
    bonus: bonusKind
      ? {
          kind: bonusKind,
          amount: fromCents(purchase.bonus_cents),
          recipient_email: bonusCard?.recipient_email ?? null,
        }
      : null,
    receipt_email: purchase.email,
    card: { brand: purchase.card_brand, last4: purchase.card_last4 },
  };
}
