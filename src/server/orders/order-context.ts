import type { BaseLogger } from 'pino';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import type { ServerConfig } from '../config.ts';
import type { Db, Dialect } from '../db/database.ts';
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
    /** This server's name in the outbox's claims (jobs/job-lease.ts serverName). */
    serverName?: string;
    /** The database's dialect, when the configuration does not tell it (tests' databases). */
    dialect?: Dialect;
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
      sender: options.serverName,
      dialect: options.dialect ?? (config.databaseUrl ? 'postgres' : 'sqlite'),
    }),
    publicUrl: config.publicUrl,
    orderLinkSecret: config.orderLinkSecret,
    cancelWindowMinutes: config.orderCancelWindowMinutes,
    shopTimeZone: config.shopTimeZone,
    logger: options.logger,
  };
}
