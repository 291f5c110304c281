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
