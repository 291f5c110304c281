/**
 * The placed order as the checkout's success page shows it (the part of the order view it reads), and the
 * purchase analytics event it sends once.
 */
import { CURRENCY } from './constants.ts';
import type { OrderView } from './order.ts';

export type OrderPlaced = Pick<OrderView, 'id' | 'hash' | 'number' | 'email' | 'lines' | 'ship_method' | 'totals'>;

/** The part of the order view the success page shows, and so the only part its page carries to the browser. */
export const orderPlaced = ({ id, hash, number, email, lines, ship_method, totals }: OrderView): OrderPlaced => ({
  id,
  hash,
  number,
  email,
  lines,
  ship_method,
  totals,
});

export interface PurchaseEvent {
  event: 'purchase';
  transaction_id: string;
  currency: string;
  /** What the order costs the shopper: its total, tax and shipping included. */
  value: number;
  tax: number;
  shipping: number;
  items: Array<{
    item_id: string;
    item_name: string;
    item_variant: string;
    price: number;
    quantity: number;
    discount: number;
  }>;
}

/** The purchase event of an order: its number as the transaction, its total, tax, shipping and lines. */
export function purchaseEvent(order: OrderPlaced): PurchaseEvent {
  return {
    event: 'purchase',
    transaction_id: String(order.number),
    currency: CURRENCY,
    value: order.totals.total,
    tax: order.totals.tax,
    shipping: order.totals.shipping,
    items: order.lines.map((line) => ({
      item_id: line.sku,
      item_name: line.name,
      item_variant: line.size,
      price: line.item_price,
      quantity: line.qty,
      discount: line.discount_amount,
    })),
  };
}
