import type { BaseLogger } from 'pino';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';

/** What the order services work with: the database, the payment gateway, the mail and the shop's settings. */
export interface OrderContext {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  publicUrl: string;
  orderLinkSecret: string;
  cancelWindowMinutes: number;
  logger?: Pick<BaseLogger, 'info' | 'warn' | 'error'>;
}

/** A refusal the shopper's page shows: the status, the message and, for some, the re-priced bag or the fields to correct. */
export interface OrderRefusal {
  status: 402 | 404 | 409 | 422 | 429 | 503;
  body: { error: string; updatedCart?: unknown; fields?: Record<string, string>; redirect?: string };
}

export const refusal = (status: OrderRefusal['status'], error: string, extra: Omit<OrderRefusal['body'], 'error'> = {}): OrderRefusal => ({
  status,
  body: { error, ...extra },
});
