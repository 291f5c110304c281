import type { BaseLogger } from 'pino';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';

/**
 * What the services that take a card payment (orders, gift cards) work with: the database, the payment gateway,
 * the mail and the shop's settings. The orders' context (orders/order-context.ts) adds what only orders need.
 */
export interface CheckoutContext {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  publicUrl: string;
  /** The time zone whose calendar days gift cards are delivered on. */
  shopTimeZone: string;
  logger?: Pick<BaseLogger, 'info' | 'warn' | 'error'>;
}

/** A refusal the shopper's page shows: the status, the message and, for some, the re-priced bag or the fields to correct. */
export interface OrderRefusal {
  status: 402 | 404 | 409 | 422 | 429 | 503;
  body: { error: string; updatedCart?: unknown; fields?: Record<string, string>; redirect?: string };
}

export const refusal = (
  status: OrderRefusal['status'],
  error: string,
  extra: Omit<OrderRefusal['body'], 'error'> = {},
): OrderRefusal => ({
  status,
  body: { error, ...extra },
});
