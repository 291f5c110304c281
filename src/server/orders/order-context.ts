import type { BaseLogger } from 'pino';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { Mailer, type MailTransport } from '../mail/mailer.ts';
import { createPaymentGateway } from '../payments/create-payment-gateway.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';

/** What the order services work with: the checkout's context, the secret of the order links and the cancel window. */
export interface OrderContext extends CheckoutContext {
  orderLinkSecret: string;
  cancelWindowMinutes: number;
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
