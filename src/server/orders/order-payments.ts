/**
 * The card side of an order after its transaction: capturing the authorization placing left, and giving back
 * the money of refund rows a cancellation or an address change wrote. Each gateway call has a key made from what
 * it pays for (`order-<id>-capture`, `refund-<refund id>`), so a retry after a crash or by the sweeper gets the
 * first answer and never moves money twice.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, OrderPaymentRow } from '../db/schema.ts';
import type { OrderContext } from './order-context.ts';

export const captureKey = (orderId: string) => `order-${orderId}-capture`;
export const refundKey = (refundId: string) => `refund-${refundId}`;

let eventsMade = 0;

/** Event ids sort in the order they were made (time, then a counter), so a history of one millisecond reads in order. */
const eventId = (now: Date) =>
  `${now.getTime().toString(36).padStart(10, '0')}-${(eventsMade++ % 1e9).toString(36).padStart(6, '0')}-${randomBytes(6).toString('hex')}`;

export async function addOrderEvent(
  trx: Transaction<Database>,
  orderId: string,
  kind: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({ id: eventId(now), order_id: orderId, kind, data: JSON.stringify(data), created_at: now.toISOString() })
    .execute();
}

/** Captures the card payment of an order; a placed order becomes paid. False when the gateway did not capture it. */
export async function captureCardPayment(
  ctx: OrderContext,
  payment: Pick<OrderPaymentRow, 'id' | 'order_id' | 'reference' | 'status'>,
): Promise<boolean> {
  if (payment.status === 'captured') return true;
  const captured = await ctx.gateway.capture({
    paymentId: payment.reference,
    idempotencyKey: captureKey(payment.order_id),
  });
  if (captured.status !== 'approved') {
    ctx.logger?.warn({ order: payment.order_id, code: captured.code }, 'card capture failed; the sweeper tries again');
    return false;
  }
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('order_payments').set({ status: 'captured' }).where('id', '=', payment.id).execute();
    const paid = await trx
      .updateTable('orders')
      .set({ status: 'paid', updated_at: now.toISOString() })
      .where('id', '=', payment.order_id)
      .where('status', '=', 'placed')
      .returning('id')
      .executeTakeFirst();
    if (paid) await addOrderEvent(trx, payment.order_id, 'paid', { amount_cents: captured.capturedCents }, now);
  });
  return true;
}

/**
 * Gives back the card money of pending refund rows: the card is captured first if it was still only authorized
 * (the same capture placing would make), then refunded under the refund row's key. A failure leaves the row
 * pending for the sweeper.
 */
export async function settleCardRefunds(ctx: OrderContext, refundIds: readonly string[]): Promise<void> {
  if (refundIds.length === 0) return;
  const refunds = await ctx.db
    .selectFrom('order_refunds')
    .innerJoin('order_payments', 'order_payments.id', 'order_refunds.payment_id')
    .select([
      'order_refunds.id',
      'order_refunds.order_id',
      'order_refunds.amount_cents',
      'order_payments.id as payment_id',
      'order_payments.reference',
      'order_payments.status as payment_status',
    ])
    .where('order_refunds.id', 'in', refundIds)
    .where('order_refunds.status', '=', 'pending')
    .execute();
  for (const refund of refunds) {
    const payment = {
      id: refund.payment_id,
      order_id: refund.order_id,
      reference: refund.reference,
      status: refund.payment_status,
    };
    if (!(await captureCardPayment(ctx, payment))) continue;
    const result = await ctx.gateway.refund({
      paymentId: refund.reference,
      amountCents: refund.amount_cents,
      idempotencyKey: refundKey(refund.id),
    });
    if (result.status !== 'approved') {
      ctx.logger?.warn(
        { order: refund.order_id, refund: refund.id, code: result.code },
        'card refund failed; the sweeper tries again',
      );
      continue;
    }
    const now = new Date();
    await ctx.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('order_refunds')
        .set({ status: 'done' })
        .where('id', '=', refund.id)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      if (done) await addOrderEvent(trx, refund.order_id, 'card_refunded', { amount_cents: refund.amount_cents }, now);
    });
  }
}
