/**
 * Giving money back on an order, inside the transaction that decides it (a cancellation, an address change that
 * lowers the tax, the merchant's refund): gift cards and store credit get their balance back at once, with a
 * ledger entry; a card gets a pending refund row that settleCardRefunds (order-payments.ts) sends to the gateway
 * after commit, under the row's id as its idempotency key, so a crash in between is finished by the sweeper.
 * A gift card its purchase's refund withdrew takes no money back: a bought card's share goes on to the card that
 * paid for it (a pending gift_card_refunds row, settled the same way), a bonus card's is not given back.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { passOnToPurchase, settleGiftCardRefunds } from '../gift-cards/refund-gift-card-purchase.ts';
import type { OrderContext } from './order-context.ts';
import { settleCardRefunds } from './order-payments.ts';

/** The refund rows an order's transaction wrote for the gateway: its own card's, and gift card purchases' cards'. */
export interface PendingRefunds {
  orderRefunds: string[];
  giftCardRefunds: string[];
}

export const NO_REFUNDS: PendingRefunds = { orderRefunds: [], giftCardRefunds: [] };

/** Sends the refunds a committed transaction wrote; what the gateway does not confirm stays pending for the sweeper. */
export async function settleRefunds(ctx: OrderContext, pending: PendingRefunds): Promise<void> {
  await settleCardRefunds(ctx, pending.orderRefunds);
  await settleGiftCardRefunds(ctx, pending.giftCardRefunds);
}

/** Card first, then gift cards, then store credit: the shopper gets the money back where it is most useful. */
const REFUND_ORDER = ['card', 'gift_card', 'store_credit'];

/** Refunds up to amountCents (all that is left to refund when null); returns the card refund rows to settle. */
export async function refundOrderPayments(
  trx: Transaction<Database>,
  orderId: string,
  amountCents: number | null,
  reason: string,
  now: Date,
): Promise<PendingRefunds> {
  const payments = await trx.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).execute();
  payments.sort((a, b) => REFUND_ORDER.indexOf(a.method) - REFUND_ORDER.indexOf(b.method) || a.id.localeCompare(b.id));
  let left = amountCents ?? Number.POSITIVE_INFINITY;
  const stamp = now.toISOString();
  const pending: PendingRefunds = { orderRefunds: [], giftCardRefunds: [] };
  for (const payment of payments) {
    const cents = Math.min(left, payment.amount_cents - payment.refunded_cents);
    if (cents <= 0) continue;
    left -= cents;
    const taken = await trx
      .updateTable('order_payments')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents) }))
      .where('id', '=', payment.id)
      .where((eb) => eb(eb('amount_cents', '-', eb.ref('refunded_cents')), '>=', cents))
      .returning('id')
      .executeTakeFirst();
    if (!taken) throw new Error(`payment ${payment.id} changed while it was refunded`);
    const refundId = randomUUID();
    await trx
      .insertInto('order_refunds')
      .values({
        id: refundId,
        order_id: orderId,
        payment_id: payment.id,
        amount_cents: cents,
        status: payment.method === 'card' ? 'pending' : 'done',
        reason,
        created_at: stamp,
      })
      .execute();
    if (payment.method === 'card') pending.orderRefunds.push(refundId);
    if (payment.method === 'gift_card') {
      const returned = await trx
        .updateTable('gift_cards')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', cents) }))
        .where('id', '=', payment.reference)
        .where('withdrawn_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (returned) {
        await trx
          .insertInto('gift_card_entries')
          .values({
            id: randomUUID(),
            gift_card_id: payment.reference,
            order_id: orderId,
            amount_cents: cents,
            reason,
            created_at: stamp,
          })
          .execute();
      } else {
        const passedOn = await passOnToPurchase(trx, payment.reference, cents, reason, now);
        if (passedOn) pending.giftCardRefunds.push(passedOn);
      }
    }
    if (payment.method === 'store_credit') {
      await trx
        .updateTable('customers')
        .set((eb) => ({ store_credit_cents: eb('store_credit_cents', '+', cents) }))
        .where('id', '=', payment.reference)
        .execute();
      await trx
        .insertInto('store_credit_entries')
        .values({
          id: randomUUID(),
          customer_id: payment.reference,
          order_id: orderId,
          amount_cents: cents,
          reason,
          created_at: stamp,
        })
        .execute();
    }
  }
  return pending;
}
