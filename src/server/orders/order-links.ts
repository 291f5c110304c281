/**
 * An order's link, /order/{id}/{hash}: the hash is an HMAC-SHA256 of the order id with the server's secret
 * (ORDER_LINK_SECRET, or one generated into DATA_DIR), so only the shop can make a link and no table holds a
 * way to forge one. A wrong hash is answered like an unknown order.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { orderPagePath } from '../../shared/order.ts';

export function orderHash(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(orderId).digest('base64url');
}

/** Compares in constant time, so the answer's timing tells nothing about how much of a guess was right. */
export function isOrderHash(secret: string, orderId: string, hash: string): boolean {
  const expected = Buffer.from(orderHash(secret, orderId));
  const given = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const orderLink = (publicUrl: string, secret: string, orderId: string) =>
  `${publicUrl}${orderPagePath(orderId, orderHash(secret, orderId))}`;
