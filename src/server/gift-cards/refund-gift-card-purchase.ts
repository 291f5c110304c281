/**
 * The merchant undoing a gift card purchase: `npm run orders -- refund-gift-cards` and
 * POST /admin-api/gift-card-purchases/{id}/refund come here (docs/decisions/015-gift-cards.md).
 *
 * One transaction claims the purchase (refunded_at set conditionally, so a retry or a second merchant finds it
 * done and gets the same answer), withdraws each of its cards (balance to 0, a ledger row, never spent or
 * e-mailed again) and what is left of a store-credit bonus, and writes what the buyer's card is owed as a
 * pending gift_card_refunds row: the purchased card's balance at that moment, so what was already spent stays
 * charged. The promotion's bonus is taken back with no refund. After commit the row is settled: the
 * authorization is voided when the whole amount is owed and it was never captured, otherwise the payment is
 * captured (if it was not yet) and the amount refunded under the row's id. A crash in between leaves the row
 * pending, and the sweeper settles it. The buyer's e-mail about the refund is written in the same transaction
 * and delivered after commit.
 *
 * A card's balance is read, then zeroed `where balance_cents = <what was read>`: an order spending the card at
 * the same moment either commits first (the refund reads again and owes less) or finds the balance gone and
 * is refused, so the same money is never both spent and refunded. Money an order's refund later gives back to a
 * withdrawn card goes on to the purchase's card (passOnToPurchase), or, for a bonus card, is not given back.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { formatGiftCardCode } from '../../shared/gift-card.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { writeToOutbox } from '../mail/mailer.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import { refusal, type Refusal } from '../refusal.ts';
import { captureGiftCardPurchase } from './buy-gift-cards.ts';
import { giftCardRefundMail } from './gift-card-mail.ts';

export const giftCardVoidKey = (purchaseId: string) => `gift-card-purchase-${purchaseId}-void`;
export const giftCardRefundKey = (refundId: string) => `gift-card-refund-${refundId}`;

/** Where a purchase's refund stands; the same answer however often it is asked for. */
export interface GiftCardPurchaseRefund {
  purchaseId: string;
  amountCents: number;
  /** What goes back to the buyer's card: the whole amount when the authorization was voided. */
  refundedCents: number;
  /** What had been spent from the purchased card: it stays charged. */
  spentCents: number;
  /** What the promotion's bonus still held (the bonus card, or store credit), taken back with no refund. */
  bonusWithdrawnCents: number;
  /** The authorization was released before any capture: the buyer was never charged. */
  voided: boolean;
  /** False while the gateway has not confirmed the void or refund: the sweeper sends it. */
  settled: boolean;
  card: { brand: string; last4: string };
}

/** Where the purchase's refund stands, or why there is none (no such purchase). */
export type GiftCardRefundResult = GiftCardPurchaseRefund | Refusal;

/** Sets a card's balance to 0 and withdraws it, with a ledger row; returns the balance it held. */
async function withdrawGiftCard(trx: Transaction<Database>, cardId: string, stamp: string): Promise<number> {
  // Each turn that changes nothing follows another transaction's committed change of this card.
  for (;;) {
    const card = await trx
      .selectFrom('gift_cards')
      .select(['balance_cents', 'withdrawn_at'])
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    if (card.withdrawn_at) return 0;
    const withdrawn = await trx
      .updateTable('gift_cards')
      .set({ balance_cents: 0, withdrawn_at: stamp })
      .where('id', '=', cardId)
      .where('balance_cents', '=', card.balance_cents)
      .where('withdrawn_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!withdrawn) continue;
    if (card.balance_cents > 0) {
      await trx
        .insertInto('gift_card_entries')
        .values({
          id: randomUUID(),
          gift_card_id: cardId,
          order_id: null,
          amount_cents: -card.balance_cents,
          reason: 'withdrawn',
          created_at: stamp,
        })
        .execute();
    }
    return card.balance_cents;
  }
}

/** Takes back what is left of a store-credit bonus (at most the bonus), with a ledger row; returns how much. */
async function withdrawStoreCredit(
  trx: Transaction<Database>,
  customerId: string,
  bonusCents: number,
  stamp: string,
): Promise<number> {
  for (;;) {
    const customer = await trx
      .selectFrom('customers')
      .select('store_credit_cents')
      .where('id', '=', customerId)
      .executeTakeFirst();
    const cents = Math.min(bonusCents, customer?.store_credit_cents ?? 0);
    if (cents <= 0) return 0;
    const taken = await trx
      .updateTable('customers')
      .set((eb) => ({ store_credit_cents: eb('store_credit_cents', '-', cents) }))
      .where('id', '=', customerId)
      .where('store_credit_cents', '>=', cents)
      .returning('id')
      .executeTakeFirst();
    if (!taken) continue;
    await trx
      .insertInto('store_credit_entries')
      .values({
        id: randomUUID(),
        customer_id: customerId,
        order_id: null,
        amount_cents: -cents,
        reason: 'gift-card-bonus-withdrawn',
        created_at: stamp,
      })
      .execute();
    return cents;
  }
}

/** Owes the purchase's card `cents` more: a pending refund row, settled after commit. */
async function owePurchaseRefund(
  trx: Transaction<Database>,
  purchaseId: string,
  cents: number,
  reason: string,
  stamp: string,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('gift_card_refunds')
    .values({ id, purchase_id: purchaseId, amount_cents: cents, status: 'pending', reason, created_at: stamp })
    .execute();
  await trx
    .updateTable('gift_card_purchases')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents), updated_at: stamp }))
    .where('id', '=', purchaseId)
    .execute();
  return id;
}

/**
 * An order's refund gives `cents` back to a card its purchase's refund withdrew: a bought card's money goes on
 * to the purchase's card (the refund row to settle is returned), a bonus card's is not given back (null).
 */
export async function passOnToPurchase(
  trx: Transaction<Database>,
  giftCardId: string,
  cents: number,
  reason: string,
  now: Date,
): Promise<string | null> {
  const card = await trx
    .selectFrom('gift_cards')
    .select(['kind', 'purchase_id'])
    .where('id', '=', giftCardId)
    .executeTakeFirst();
  if (card?.kind !== 'purchased' || !card.purchase_id) return null;
  return owePurchaseRefund(trx, card.purchase_id, cents, reason, now.toISOString());
}

async function findPurchase(db: Db, by: { id: string } | { code: string }): Promise<string | null> {
  if ('id' in by)
    return (
      (await db.selectFrom('gift_card_purchases').select('id').where('id', '=', by.id).executeTakeFirst())?.id ?? null
    );
  const card = await db
    .selectFrom('gift_cards')
    .select('purchase_id')
    .where('code', '=', formatGiftCardCode(by.code))
    .executeTakeFirst();
  return card?.purchase_id ?? null;
}

async function readRefund(db: Db, purchaseId: string): Promise<GiftCardPurchaseRefund> {
  const purchase = await db
    .selectFrom('gift_card_purchases')
    .select(['amount_cents', 'refunded_cents', 'bonus_withdrawn_cents', 'payment_status', 'card_brand', 'card_last4'])
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('gift_card_refunds')
    .select('id')
    .where('purchase_id', '=', purchaseId)
    .where('status', '=', 'pending')
    .execute();
  return {
    purchaseId,
    amountCents: purchase.amount_cents,
    refundedCents: purchase.refunded_cents,
    spentCents: purchase.amount_cents - purchase.refunded_cents,
    bonusWithdrawnCents: purchase.bonus_withdrawn_cents,
    voided: purchase.payment_status === 'voided',
    settled: pending.length === 0,
    card: { brand: purchase.card_brand, last4: purchase.card_last4 },
  };
}

interface OwedRefund {
  id: string;
  amount_cents: number;
  purchase: { id: string; amount_cents: number; payment_reference: string; payment_status: string };
}

/** Voids the authorization, or captures (if needed) and refunds; false when the gateway did not, for the sweeper to try again. */
async function giveBack(ctx: CheckoutContext, refund: OwedRefund): Promise<boolean> {
  const { purchase } = refund;
  // Nothing was charged, so nothing more can be owed.
  if (purchase.payment_status === 'voided') return true;
  if (purchase.payment_status === 'authorized' && refund.amount_cents === purchase.amount_cents) {
    const voided = await ctx.gateway.void({
      paymentId: purchase.payment_reference,
      idempotencyKey: giftCardVoidKey(purchase.id),
    });
    if (voided.status === 'approved') {
      await ctx.db
        .updateTable('gift_card_purchases')
        .set({ payment_status: 'voided', updated_at: new Date().toISOString() })
        .where('id', '=', purchase.id)
        .where('payment_status', '=', 'authorized')
        .execute();
      return true;
    }
    if (voided.status === 'error' && voided.code === 'unavailable') {
      ctx.logger?.warn({ purchase: purchase.id }, 'gift card void failed; the sweeper tries again');
      return false;
    }
    // Captured meanwhile (by the purchase's own request, or the sweeper): refunded instead.
  }
  if (!(await captureGiftCardPurchase(ctx, purchase))) return false;
  const refunded = await ctx.gateway.refund({
    paymentId: purchase.payment_reference,
    amountCents: refund.amount_cents,
    idempotencyKey: giftCardRefundKey(refund.id),
  });
  if (refunded.status !== 'approved') {
    ctx.logger?.warn(
      { purchase: purchase.id, refund: refund.id, code: refunded.code },
      'gift card refund failed; the sweeper tries again',
    );
    return false;
  }
  return true;
}

/** Sends what pending refund rows owe to their purchases' cards; returns how many were settled. */
export async function settleGiftCardRefunds(ctx: CheckoutContext, refundIds: readonly string[]): Promise<number> {
  if (refundIds.length === 0) return 0;
  const rows = await ctx.db
    .selectFrom('gift_card_refunds')
    .innerJoin('gift_card_purchases', 'gift_card_purchases.id', 'gift_card_refunds.purchase_id')
    .select([
      'gift_card_refunds.id',
      'gift_card_refunds.amount_cents',
      'gift_card_purchases.id as purchase_id',
      'gift_card_purchases.amount_cents as purchase_cents',
      'gift_card_purchases.payment_reference',
      'gift_card_purchases.payment_status',
    ])
    .where('gift_card_refunds.id', 'in', [...refundIds])
    .where('gift_card_refunds.status', '=', 'pending')
    .orderBy('gift_card_refunds.created_at')
    .execute();
  let settled = 0;
  for (const row of rows) {
    // The purchase as it is now: a refund settled before this one may have captured or voided it.
    const purchase = await ctx.db
      .selectFrom('gift_card_purchases')
      .select('payment_status')
      .where('id', '=', row.purchase_id)
      .executeTakeFirstOrThrow();
    const refund: OwedRefund = {
      id: row.id,
      amount_cents: row.amount_cents,
      purchase: {
        id: row.purchase_id,
        amount_cents: row.purchase_cents,
        payment_reference: row.payment_reference,
        payment_status: purchase.payment_status,
      },
    };
    if (!(await giveBack(ctx, refund))) continue;
    await ctx.db
      .updateTable('gift_card_refunds')
      .set({ status: 'done' })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    settled += 1;
  }
  return settled;
}

/** Refunds a purchase, named by its id or by the code of one of its cards; a purchase refunded before answers as it stands. */
export async function refundGiftCardPurchase(
  ctx: CheckoutContext,
  by: { id: string } | { code: string },
  now: Date,
): Promise<GiftCardRefundResult> {
  const purchaseId = await findPurchase(ctx.db, by);
  if (!purchaseId) return refusal(404, 'No such gift card purchase');
  const mail = await ctx.db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const claimed = await trx
      .updateTable('gift_card_purchases')
      .set({ refunded_at: stamp, updated_at: stamp })
      .where('id', '=', purchaseId)
      .where('refunded_at', 'is', null)
      .returning(['customer_id', 'bonus_kind', 'bonus_cents', 'email', 'amount_cents', 'card_brand', 'card_last4'])
      .executeTakeFirst();
    if (!claimed) return null;
    // By code, as an order spends them, so the two take the cards' locks in one order.
    const cards = await trx
      .selectFrom('gift_cards')
      .select(['id', 'kind'])
      .where('purchase_id', '=', purchaseId)
      .orderBy('code')
      .execute();
    let unspentCents = 0;
    let bonusWithdrawnCents = 0;
    for (const card of cards) {
      const left = await withdrawGiftCard(trx, card.id, stamp);
      if (card.kind === 'purchased') unspentCents += left;
      else bonusWithdrawnCents += left;
    }
    if (claimed.bonus_kind === 'store_credit' && claimed.customer_id)
      bonusWithdrawnCents += await withdrawStoreCredit(trx, claimed.customer_id, claimed.bonus_cents, stamp);
    await trx
      .updateTable('gift_card_purchases')
      .set({ bonus_withdrawn_cents: bonusWithdrawnCents })
      .where('id', '=', purchaseId)
      .execute();
    if (unspentCents > 0) await owePurchaseRefund(trx, purchaseId, unspentCents, 'refund', stamp);
    const config = await trx.selectFrom('website_config').select('site_name').where('id', '=', 1).executeTakeFirst();
    const message = giftCardRefundMail(
      { publicUrl: ctx.publicUrl, siteName: config?.site_name ?? '' },
      {
        email: claimed.email,
        amountCents: claimed.amount_cents,
        refundedCents: unspentCents,
        bonusWithdrawnCents,
        payment: { brand: claimed.card_brand, last4: claimed.card_last4 },
      },
    );
    return writeToOutbox(trx, message, now);
  });
  // This call's refund, or what an earlier call (or a crash) left pending.
  const pending = await ctx.db
    .selectFrom('gift_card_refunds')
    .select('id')
    .where('purchase_id', '=', purchaseId)
    .where('status', '=', 'pending')
    .execute();
  await settleGiftCardRefunds(
    ctx,
    pending.map((row) => row.id),
  );
  if (mail) await ctx.mailer.deliver([mail]);
  return readRefund(ctx.db, purchaseId);
}
