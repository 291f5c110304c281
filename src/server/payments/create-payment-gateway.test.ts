import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support.ts';
import { createPaymentGateway } from './create-payment-gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';

describe('createPaymentGateway', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('takes card payments with the built-in test gateway when no Stripe keys are configured', () => {
    const gateway = createPaymentGateway({ stripeSecretKey: null, stripePublishableKey: null }, database.db);
    expect(gateway).toBeInstanceOf(TestGateway);
    expect(gateway.cardForm).toEqual({ provider: 'built-in' });
  });

  it('takes them with Stripe when its keys are', () => {
    const gateway = createPaymentGateway(
      { stripeSecretKey: 'sk_test_abc', stripePublishableKey: 'pk_test_def' },
      database.db,
    );
    expect(gateway).toBeInstanceOf(StripeGateway);
    expect(gateway.cardForm).toEqual({ provider: 'stripe', publishableKey: 'pk_test_def' });
  });
});
