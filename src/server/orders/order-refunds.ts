/**
 * Giving money back on an order, inside the transaction that decides it (a cancellation, an address change that
 * lowers the tax, the merchant's refund): gift cards and store credit get their balance back at once, with a
 * ledger entry; a card gets a pending refund row that settleCardRefunds (order-payments.ts) sends to the gateway
 * after commit, under the row's id as its idempotency key, so a crash in between is finished by the sweeper.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Card first, then gift cards, then store credit: the shopper gets the money back where it is most useful. */
const REFUND_ORDER = ['card', 'gift_card', 'store_credit'];

/** Refunds up to amountCents (all that is left to refund when null); returns the card refund rows to settle. */
export async function refundOrderPayments(
  trx: Transaction<Database>,
  orderId: string,
  amountCents: number | null,
  reason: string,
  now: Date,
): Promise<string[]> {
  const payments = await trx.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).execute();
  payments.sort((a, b) => REFUND_ORDER.indexOf(a.method) - REFUND_ORDER.indexOf(b.method) || a.id.localeCompare(b.id));
  let left = amountCents ?? Number.POSITIVE_INFINITY;
  const stamp = now.toISOString();
  const cardRefunds: string[] = [];
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
      .values({ id: refundId, order_id: orderId, payment_id: payment.id, amount_cents: cents, status: payment.method === 'card' ? 'pending' : 'done', reason, created_at: stamp })
      .execute();
    if (payment.method === 'card') cardRefunds.push(refundId);
    if (payment.method === 'gift_card') {
      await trx.updateTable('gift_cards').set((eb) => ({ balance_cents: eb('balance_cents', '+', cents) })).where('id', '=', payment.reference).execute();
      await trx.insertInto('gift_card_entries').values({ id: randomUUID(), gift_card_id: payment.reference, order_id: orderId, amount_cents: cents, reason, created_at: stamp }).execute();
    }
    if (payment.method === 'store_credit') {
      await trx.updateTable('customers').set((eb) => ({ store_credit_cents: eb('store_credit_cents', '+', cents) })).where('id', '=', payment.reference).execute();
      await trx.insertInto('store_credit_entries').values({ id: randomUUID(), customer_id: payment.reference, order_id: orderId, amount_cents: cents, reason, created_at: stamp }).execute();
    }
  }
  return cardRefunds;
}
