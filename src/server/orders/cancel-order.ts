/**
 * Ending an order and giving its money back: the shopper's cancellation within the merchant's window, the
 * merchant's cancellation before it ships (stock returned too) and the merchant's refund after it shipped.
 * One transaction changes the status, returns stock and the promo use, refunds and writes the e-mail that says
 * so; the card refund is sent and the e-mail delivered after commit (order-payments.ts).
 */
import { MESSAGES } from '../../shared/messages.ts';
import { FAILED_CANCELLATION_PATH, isBeforeShipping, isOrderStatus } from '../../shared/order.ts';
import { recordProductChanges } from '../catalogue/product-changes.ts';
import { refusal, type Refusal } from '../refusal.ts';
import type { OrderContext } from './order-context.ts';
import { writeOrderMail } from './order-mail.ts';
import { addOrderEvent } from './order-payments.ts';
import { refundOrderPayments, settleRefunds, type PendingRefunds } from './order-refunds.ts';
import { canCancel } from './order-view.ts';

export type EndOrderBy = 'shopper' | 'merchant';

/** Refused when the order can no longer end this way. */
class NotPossible extends Error {}

/**
 * Cancels (before shipping: stock, promo use and all payments returned) or, for a merchant after shipping,
 * refunds the order. Null when done; the refusal otherwise.
 */
export async function endOrder(
  ctx: OrderContext,
  orderId: string,
  to: 'cancelled' | 'refunded',
  by: EndOrderBy,
  now: Date,
): Promise<Refusal | null> {
  let ended: { refunds: PendingRefunds; mail: string };
  try {
    ended = await ctx.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      if (!order || !isOrderStatus(order.status)) throw new NotPossible();
      const allowed =
        to === 'cancelled'
          ? by === 'shopper'
            ? canCancel(order, ctx.cancelWindowMinutes, now)
            : isBeforeShipping(order.status)
          : by === 'merchant' && (order.status === 'shipped' || order.status === 'delivered');
      if (!allowed) throw new NotPossible();
      const changed = await trx
        .updateTable('orders')
        .set({ status: to, updated_at: now.toISOString() })
        .where('id', '=', orderId)
        .where('status', '=', order.status)
        .returning('id')
        .executeTakeFirst();
      if (!changed) throw new NotPossible();
      const pending = await refundOrderPayments(
        trx,
        orderId,
        null,
        to === 'cancelled' ? 'cancellation' : 'refund',
        now,
      );
      await addOrderEvent(trx, orderId, to, { by }, now);
      if (to === 'cancelled') {
        const lines = await trx
          .selectFrom('order_lines')
          .select(['sku', 'qty', 'product_id'])
          .where('order_id', '=', orderId)
          .orderBy('sku')
          .execute();
        for (const line of lines) {
          await trx
            .updateTable('skus')
            .set((eb) => ({ qty: eb('qty', '+', line.qty) }))
            .where('sku', '=', line.sku)
            .execute();
        }
        if (order.promo_code_id) {
          await trx
            .updateTable('promo_codes')
            .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
            .where('id', '=', order.promo_code_id)
            .where('used_count', '>', 0)
            .execute();
          await trx
            .updateTable('promo_code_customer_uses')
            .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
            .where('promo_code_id', '=', order.promo_code_id)
            .where('customer_key', '=', order.customer_id ?? order.email.toLowerCase())
            .where('used_count', '>', 0)
            .execute();
        }
        // Last: the stock changed, so the search index learns of these products.
        await recordProductChanges(
          trx,
          lines.map((line) => line.product_id),
        );
      }
      const mail = await writeOrderMail(
        ctx,
        trx,
        orderId,
        to === 'cancelled' ? 'order-cancelled' : 'order-refunded',
        now,
      );
      return { refunds: pending, mail };
    });
  } catch (error) {
    if (error instanceof NotPossible)
      return refusal(409, MESSAGES.orderCancelUnavailable, { redirect: FAILED_CANCELLATION_PATH });
    throw error;
  }
  await settleRefunds(ctx, ended.refunds);
  await ctx.mailer.deliver([ended.mail]);
  return null;
}
