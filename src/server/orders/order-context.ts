import type { BaseLogger } from 'pino';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { Mailer, type MailTransport } from '../mail/mailer.ts';
import { createPaymentGateway } from '../payments/create-payment-gateway.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';

/** What the order services work with: the database, the payment gateway, the mail and the shop's settings. */
export interface OrderContext {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  publicUrl: string;
  orderLinkSecret: string;
  cancelWindowMinutes: number;
  /** The time zone whose calendar days gift cards are delivered on. */
  shopTimeZone: string;
  logger?: Pick<BaseLogger, 'info' | 'warn' | 'error'>;
}

/** The order services of the configured shop: its gateway (createPaymentGateway) and mail, unless given. */
export function createOrderContext(
  config: ServerConfig,
  db: Db,
  options: {
    logger?: Pick<BaseLogger, 'info' | 'warn' | 'error'>;
    gateway?: PaymentGateway;
    mailTransport?: MailTransport;
  } = {},
): OrderContext {
  return {
    db,
    gateway: options.gateway ?? createPaymentGateway(config, db, { logger: options.logger }),
    mailer: new Mailer(db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      logger: options.logger,
      transport: options.mailTransport,
    }),
    publicUrl: config.publicUrl,
    orderLinkSecret: config.orderLinkSecret,
    cancelWindowMinutes: config.orderCancelWindowMinutes,
    shopTimeZone: config.shopTimeZone,
    logger: options.logger,
  };
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
