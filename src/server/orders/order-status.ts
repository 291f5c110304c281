/**
 * The merchant moves an order forward (paid → fulfilled → shipped with a tracking link → delivered), cancels it
 * before it ships or refunds it after: the admin endpoint and `npm run orders -- status` both come here. Every
 * move writes an order event; a shipment (with its tracking link) and a delivery also e-mail the shopper, from the
 * same transaction, so a move that loses a race or is repeated sends nothing.
 */
import { NEXT_ORDER_STATUSES, isOrderStatus, type OrderStatus } from '../../shared/order.ts';
import { refusal, type Refusal } from '../refusal.ts';
import { endOrder } from './cancel-order.ts';
import type { OrderContext } from './order-context.ts';
import { writeOrderMail, type OrderMailKind } from './order-mail.ts';
import { addOrderEvent } from './order-payments.ts';

/** The move made, from and to which status, or why it was refused. */
export type StatusMove = { from: OrderStatus; to: OrderStatus } | Refusal;

/** The moves this module makes that the shopper hears of; a cancellation or refund writes its own in endOrder. */
const MAIL_OF_MOVE: Partial<Record<OrderStatus, OrderMailKind>> = {
  shipped: 'order-shipped',
  delivered: 'order-delivered',
};

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

export async function moveOrderStatus(
  ctx: OrderContext,
  by: { id: string } | { number: number },
  to: OrderStatus,
  options: { trackingUrl?: string; now: Date },
): Promise<StatusMove> {
  const query = ctx.db.selectFrom('orders').select(['id', 'status']);
  const order = await (
    'id' in by ? query.where('id', '=', by.id) : query.where('number', '=', by.number)
  ).executeTakeFirst();
  if (!order || !isOrderStatus(order.status)) return refusal(404, 'No such order');
  const from = order.status;
  if (!NEXT_ORDER_STATUSES[from].includes(to)) {
    return refusal(
      409,
      `An order that is ${from} cannot become ${to} (next: ${NEXT_ORDER_STATUSES[from].join(', ') || 'none'})`,
    );
  }
  if (to === 'shipped' && !(options.trackingUrl && isWebUrl(options.trackingUrl))) {
    return refusal(422, 'A shipped order needs its tracking link, an http or https URL');
  }
  if (to === 'cancelled' || to === 'refunded') {
    const refused = await endOrder(ctx, order.id, to, 'merchant', options.now);
    return refused ? refusal(409, refused.body.error) : { from, to };
  }
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('orders')
      .set({
        status: to,
        updated_at: options.now.toISOString(),
        ...(to === 'shipped' ? { tracking_url: options.trackingUrl } : {}),
      })
      .where('id', '=', order.id)
      .where('status', '=', from)
      .returning('id')
      .executeTakeFirst();
    if (!changed) return null;
    await addOrderEvent(trx, order.id, to, to === 'shipped' ? { tracking_url: options.trackingUrl } : {}, options.now);
    const mail = MAIL_OF_MOVE[to];
    return mail ? [await writeOrderMail(ctx, trx, order.id, mail, options.now)] : [];
  });
  if (!moved) return refusal(409, 'The order changed meanwhile; try again');
  await ctx.mailer.deliver(moved);
  return { from, to };
}
