import type { BaseLogger } from 'pino';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { stripeCustomersIn } from './stripe-customers.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';

/** Stripe when its keys are configured (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY), else the built-in test gateway. */
export function createPaymentGateway(
  config: Pick<ServerConfig, 'stripeSecretKey' | 'stripePublishableKey'>,
  db: Db,
  options: { logger?: Pick<BaseLogger, 'info'> } = {},
): PaymentGateway {
  if (config.stripeSecretKey && config.stripePublishableKey) {
    return new StripeGateway({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey,
      customers: stripeCustomersIn(db),
    });
  }
  return new TestGateway(db, options);
}
