/**
 * An order as the shop shows it: its page (GET /api/orders/{id}/{hash}), the account's order list and every
 * e-mail about it (order-mail.ts) read their lines, totals, payments, refunds and tracking link from here, so
 * they cannot disagree.
 */
import { emptyAddress, type CartAddress } from '../../shared/cart.ts';
import { fromCents } from '../../shared/money.ts';
import { isBeforeShipping, isOrderStatus, isRefundMethod, type OrderView } from '../../shared/order.ts';
import { productUrl } from '../../shared/paths.ts';
import type { Db } from '../db/database.ts';
import type { OrderRow } from '../db/schema.ts';
import { loadPrimaryImages } from '../pricing/bag-skus.ts';
import { isOrderHash, orderHash } from './order-links.ts';

export interface OrderViewSettings {
  orderLinkSecret: string;
  cancelWindowMinutes: number;
}

/** When the shopper's cancellation window of an order closes. */
export const cancelDeadline = (order: Pick<OrderRow, 'created_at'>, windowMinutes: number) =>
  new Date(new Date(order.created_at).getTime() + windowMinutes * 60_000);

/** Whether the shopper may still cancel: before it ships and within the merchant's window. */
export function canCancel(order: Pick<OrderRow, 'status' | 'created_at'>, windowMinutes: number, now: Date): boolean {
  return isOrderStatus(order.status) && isBeforeShipping(order.status) && now <= cancelDeadline(order, windowMinutes);
}

/** What the order costs: subtotal less discount plus shipping and tax, before gift cards and store credit pay part of it. */
export const orderTotalCents = (
  order: Pick<OrderRow, 'subtotal_cents' | 'discount_cents' | 'shipping_cents' | 'tax_cents'>,
) => order.subtotal_cents - order.discount_cents + order.shipping_cents + order.tax_cents;

export const canChangeAddress = (order: Pick<OrderRow, 'status'>) =>
  isOrderStatus(order.status) && isBeforeShipping(order.status);

function readAddress(json: string): CartAddress {
  try {
    return { ...emptyAddress(), ...(JSON.parse(json) as Partial<CartAddress>) };
  } catch {
    return emptyAddress();
  }
}

/** The order of this link, or null for an unknown order or a wrong hash (both answered as not found). */
export async function findOrderByLink(db: Db, secret: string, id: string, hash: string): Promise<OrderRow | null> {
  if (!isOrderHash(secret, id, hash)) return null;
  return (await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function readOrderView(
  db: Db,
  order: OrderRow,
  settings: OrderViewSettings,
  now: Date,
): Promise<OrderView> {
  const [lines, events, payments, refunds, shipMethod] = await Promise.all([
    db
      .selectFrom('order_lines')
      .leftJoin('products', 'products.id', 'order_lines.product_id')
      .select([
        'order_lines.line_number',
        'order_lines.sku',
        'order_lines.product_id',
        'order_lines.name',
        'order_lines.size',
        'order_lines.qty',
      ])
      .select(['order_lines.item_price_cents', 'order_lines.discount_cents', 'order_lines.tax_cents', 'products.slug'])
      .where('order_lines.order_id', '=', order.id)
      .orderBy('order_lines.line_number')
      .execute(),
    db
      .selectFrom('order_events')
      .select(['kind', 'data', 'created_at'])
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_payments')
      .select(['method', 'reference', 'amount_cents'])
      .where('order_id', '=', order.id)
      .execute(),
    db
      .selectFrom('order_refunds')
      .innerJoin('order_payments', 'order_payments.id', 'order_refunds.payment_id')
      .select([
        'order_refunds.amount_cents',
        'order_refunds.reason',
        'order_refunds.status',
        'order_refunds.created_at',
        'order_payments.method',
      ])
      .where('order_refunds.order_id', '=', order.id)
      .orderBy('order_refunds.created_at')
      .orderBy('order_refunds.id')
      .execute(),
    db.selectFrom('ship_methods').select(['code', 'name']).where('code', '=', order.ship_method).executeTakeFirst(),
  ]);
  const imageOf = await loadPrimaryImages(
    db,
    lines.map((line) => line.product_id),
  );
  const giftCardIds = payments.filter((payment) => payment.method === 'gift_card').map((payment) => payment.reference);
  const giftCards = giftCardIds.length
    ? await db.selectFrom('gift_cards').select(['id', 'code']).where('id', 'in', giftCardIds).execute()
    : [];
  const codeOf = new Map(giftCards.map((card) => [card.id, card.code]));
  const cancellable = canCancel(order, settings.cancelWindowMinutes, now);
  const total = orderTotalCents(order);
  return {
    id: order.id,
    hash: orderHash(settings.orderLinkSecret, order.id),
    number: order.number,
    email: order.email,
    status: isOrderStatus(order.status) ? order.status : 'placed',
    created_at: order.created_at,
    lines: lines.map((line) => ({
      line_number: line.line_number,
      sku: line.sku,
      product_id: line.product_id,
      name: line.name,
      size: line.size,
      qty: line.qty,
      item_price: fromCents(line.item_price_cents),
      discount_amount: fromCents(line.discount_cents),
      tax: fromCents(line.tax_cents),
      total: fromCents(line.item_price_cents * line.qty - line.discount_cents),
      url: line.slug ? productUrl(line.product_id, line.slug) : null,
      image: imageOf.get(line.product_id) ?? null,
    })),
    ship_method: { code: order.ship_method, name: shipMethod?.name ?? order.ship_method },
    totals: {
      subtotal: fromCents(order.subtotal_cents),
      discount: fromCents(order.discount_cents),
      shipping: fromCents(order.shipping_cents),
      tax: fromCents(order.tax_cents),
      total: fromCents(total),
      gift_cards: fromCents(order.gift_card_cents),
      store_credit: fromCents(order.store_credit_cents),
      card: fromCents(
        payments.filter((payment) => payment.method === 'card').reduce((sum, payment) => sum + payment.amount_cents, 0),
      ),
      refunded: fromCents(refunds.reduce((sum, refund) => sum + refund.amount_cents, 0)),
    },
    shipping_address: readAddress(order.shipping_address),
    billing_address: readAddress(order.billing_address),
    payment: order.card_brand && order.card_last4 ? { brand: order.card_brand, last4: order.card_last4 } : null,
    gift_cards: payments
      .filter((payment) => payment.method === 'gift_card')
      .map((payment) => ({
        last4: (codeOf.get(payment.reference) ?? '').slice(-4),
        amount: fromCents(payment.amount_cents),
      })),
    refunds: refunds.map((refund) => ({
      amount: fromCents(refund.amount_cents),
      method: isRefundMethod(refund.method) ? refund.method : 'card',
      reason: refund.reason,
      at: refund.created_at,
      pending: refund.status === 'pending',
    })),
    tracking_url: order.tracking_url,
    history: events.map((event) => ({
      kind: event.kind,
      at: event.created_at,
      data: JSON.parse(event.data) as Record<string, unknown>,
    })),
    can_change_address: canChangeAddress(order),
    can_cancel: cancellable,
    cancel_until: cancellable ? cancelDeadline(order, settings.cancelWindowMinutes).toISOString() : null,
  };
}
