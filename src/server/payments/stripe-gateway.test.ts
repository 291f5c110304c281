/** The Stripe adapter against a local fake of the part of Stripe's API it calls (stripe-test-support.ts). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import type { SavedCardUse } from './payment-gateway.ts';
import { declineCodeFromStripe, type StripeGateway } from './stripe-gateway.ts';
import { FakeStripe, fakeStripeGateway, stripeCustomersInMemory } from './stripe-test-support.ts';

describe('the Stripe gateway', () => {
  const fake = new FakeStripe();
  let gateway: StripeGateway;
  beforeAll(async () => {
    const port = await fake.start();
    gateway = fakeStripeGateway(port, stripeCustomersInMemory(), () => new Date('2026-11-15T12:00:00Z'));
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('hands the browser the publishable key', () => {
    expect(gateway.cardForm).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
  });

  it('authorizes: creates a manual-capture PaymentIntent, then confirms it with the PaymentMethod, each with its own key', async () => {
    const result = await gateway.authorize({
      token: 'pm_card_visa',
      amountCents: 4250,
      idempotencyKey: 'order-7-authorize',
    });
    expect(result).toEqual({
      status: 'approved',
      paymentId: expect.stringMatching(/^pi_/),
      amountCents: 4250,
      capturedCents: 0,
    });
    const [create, confirm] = fake.requests;
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      form: { amount: '4250', currency: 'usd', capture_method: 'manual', 'allowed_payment_method_types[0]': 'card' },
    });
    expect(create?.headers).toMatchObject({
      'idempotency-key': 'order-7-authorize',
      authorization: 'Bearer sk_test_fake',
    });
    expect(create?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(confirm).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${result.status === 'approved' ? result.paymentId : ''}/confirm`,
      form: { payment_method: 'pm_card_visa', error_on_requires_action: 'true' },
    });
    expect(confirm?.headers['idempotency-key']).toBe('order-7-authorize-confirm');
    expect(fake.requests).toHaveLength(2);
  });

  it('captures part of an authorization, refunds part of it, and cancels another', async () => {
    const authorized = await gateway.authorize({
      token: 'pm_card_visa',
      amountCents: 5000,
      idempotencyKey: 'order-8-authorize',
    });
    if (authorized.status !== 'approved') throw new Error('not authorized');
    const { paymentId } = authorized;
    fake.reset();
    expect(await gateway.capture({ paymentId, amountCents: 4000, idempotencyKey: 'order-8-capture' })).toEqual({
      status: 'approved',
      paymentId,
      capturedCents: 4000,
    });
    expect(await gateway.refund({ paymentId, amountCents: 1500, idempotencyKey: 'order-8-refund-1' })).toEqual({
      status: 'approved',
      refundId: expect.stringMatching(/^re_/),
      paymentId,
      amountCents: 1500,
    });
    expect(await gateway.refund({ paymentId, amountCents: 2501, idempotencyKey: 'order-8-refund-2' })).toMatchObject({
      status: 'error',
      code: 'invalid_request',
      detail: expect.stringContaining('amount_too_large'),
    });
    expect(fake.requests.map(({ path, form, headers }) => ({ path, form, key: headers['idempotency-key'] }))).toEqual([
      { path: `/v1/payment_intents/${paymentId}/capture`, form: { amount_to_capture: '4000' }, key: 'order-8-capture' },
      { path: '/v1/refunds', form: { payment_intent: paymentId, amount: '1500' }, key: 'order-8-refund-1' },
      { path: '/v1/refunds', form: { payment_intent: paymentId, amount: '2501' }, key: 'order-8-refund-2' },
    ]);

    const other = await gateway.authorize({
      token: 'pm_card_visa',
      amountCents: 900,
      idempotencyKey: 'order-9-authorize',
    });
    if (other.status !== 'approved') throw new Error('not authorized');
    fake.reset();
    expect(await gateway.void({ paymentId: other.paymentId, idempotencyKey: 'order-9-void' })).toEqual({
      status: 'approved',
      paymentId: other.paymentId,
    });
    expect(fake.requests).toMatchObject([
      { method: 'POST', path: `/v1/payment_intents/${other.paymentId}/cancel`, form: {} },
    ]);
    expect(fake.requests[0]?.headers['idempotency-key']).toBe('order-9-void');
  });

  it('charges in one step with automatic capture', async () => {
    expect(
      await gateway.charge({ token: 'pm_card_mastercard', amountCents: 2599, idempotencyKey: 'gift-1-charge' }),
    ).toMatchObject({
      status: 'approved',
      amountCents: 2599,
      capturedCents: 2599,
    });
    expect(fake.requests[0]?.form).toMatchObject({ capture_method: 'automatic' });
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', MESSAGES.cardDeclined],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', MESSAGES.cardInsufficientFunds],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', MESSAGES.cardCvcIncorrect],
  ])("maps the 402 card error for %s to a decline (%s) with the shop's words", async (token, code, message) => {
    const result = await gateway.authorize({ token, amountCents: 1000, idempotencyKey: `declined-${token}` });
    expect(result).toEqual({ status: 'declined', code, message });
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/v1/payment_intents',
      expect.stringMatching(/\/confirm$/),
    ]);
  });

  it("sends a repeated charge with the same keys, and Stripe's replay makes it one payment", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        gateway.charge({ token: 'pm_card_visa', amountCents: 3000, idempotencyKey: 'order-10-charge' }),
      ),
    );
    const first = results[0];
    if (first?.status !== 'approved') throw new Error('not charged');
    for (const result of results) expect(result).toEqual(first);
    const keys = new Set(fake.requests.map((request) => request.headers['idempotency-key']));
    expect(keys).toEqual(new Set(['order-10-charge', 'order-10-charge-confirm']));
  });

  it('answers a key reused for another request as an idempotency conflict', async () => {
    await gateway.refund({ paymentId: 'pi_unknown', amountCents: 100, idempotencyKey: 'reused' });
    expect(await gateway.refund({ paymentId: 'pi_unknown', amountCents: 200, idempotencyKey: 'reused' })).toMatchObject(
      {
        status: 'error',
        code: 'idempotency_conflict',
      },
    );
    // The same parameters (none) sent to another endpoint are another request too.
    const authorized = await gateway.authorize({ token: 'pm_card_visa', amountCents: 900, idempotencyKey: 'order-9' });
    if (authorized.status !== 'approved') throw new Error('not authorized');
    const { paymentId } = authorized;
    expect(await gateway.void({ paymentId, idempotencyKey: 'order-9-end' })).toMatchObject({ status: 'approved' });
    expect(await gateway.capture({ paymentId, idempotencyKey: 'order-9-end' })).toMatchObject({
      status: 'error',
      code: 'idempotency_conflict',
    });
  });

  it('retries a 500 with the same idempotency key, and reports a Stripe that stays down as unavailable', async () => {
    fake.failNext = 1;
    expect(await gateway.capture({ paymentId: 'pi_unknown', idempotencyKey: 'retried-capture' })).toMatchObject({
      code: 'invalid_request',
    });
    expect(fake.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'retried-capture',
      'retried-capture',
    ]);
    fake.reset();
    fake.failNext = 2;
    expect(await gateway.void({ paymentId: 'pi_unknown', idempotencyKey: 'down-void' })).toEqual({
      status: 'error',
      code: 'unavailable',
      message: MESSAGES.paymentUnavailable,
      detail: 'stripe StripeAPIError 500 req_2',
    });
  });

  it('tokenizes card details into a PaymentMethod, checking them before anything is sent', async () => {
    expect(await gateway.tokenize({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 30, cvc: '123' })).toEqual({
      status: 'approved',
      token: expect.stringMatching(/^pm_/),
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    expect(fake.requests).toMatchObject([
      {
        path: '/v1/payment_methods',
        form: {
          type: 'card',
          'card[number]': '4242424242424242',
          'card[exp_month]': '12',
          'card[exp_year]': '2030',
          'card[cvc]': '123',
        },
      },
    ]);
    fake.reset();
    expect(
      await gateway.tokenize({ number: '4242424242424241', expMonth: 12, expYear: 2030, cvc: '123' }),
    ).toMatchObject({
      status: 'declined',
      code: 'incorrect_number',
    });
    expect(fake.requests).toEqual([]);
  });

  it('describes a PaymentMethod, or nothing for one Stripe does not know', async () => {
    expect(await gateway.describeToken('pm_amex')).toEqual({
      brand: 'amex',
      last4: '0005',
      expMonth: 3,
      expYear: 2031,
    });
    expect(await gateway.describeToken('pm_missing')).toBeNull();
    expect(fake.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/payment_methods/pm_amex',
      'GET /v1/payment_methods/pm_missing',
    ]);
  });

  describe('with saved cards', () => {
    const robin = (action: SavedCardUse['action']): SavedCardUse => ({
      customerId: 'customer-robin',
      email: 'robin@example.com',
      action,
    });
    const sam = (action: SavedCardUse['action']): SavedCardUse => ({
      customerId: 'customer-sam',
      email: 'sam@example.com',
      action,
    });
    const newCard = async (number = '4242424242424242') => {
      const made = await gateway.tokenize({ number, expMonth: 12, expYear: 2030, cvc: '123' });
      if (made.status !== 'approved') throw new Error('not tokenized');
      return made.token;
    };
    const paths = () => fake.requests.map(({ method, path }) => `${method} ${path.replace(/\/pi_\w+\//, '/{id}/')}`);
    /** Saved on the account at checkout: authorized with the Customer and setup_future_usage. */
    async function savedCard(account: SavedCardUse, key: string, number?: string) {
      const token = await newCard(number);
      const saved = await gateway.authorize({ token, amountCents: 4000, idempotencyKey: key, savedCard: account });
      expect(saved).toMatchObject({ status: 'approved', amountCents: 4000 });
      return token;
    }

    it('saves a card on the account’s Stripe Customer, made once, and pays again with it', async () => {
      const token = await newCard();
      fake.reset();
      const saved = await gateway.authorize({
        token,
        amountCents: 4000,
        idempotencyKey: 'order-20-authorize',
        savedCard: robin('save'),
      });
      expect(saved).toMatchObject({ status: 'approved', capturedCents: 0 });
      expect(paths()).toEqual([
        'POST /v1/customers',
        'POST /v1/payment_intents',
        'POST /v1/payment_intents/{id}/confirm',
      ]);
      const [customer, create, confirm] = fake.requests;
      expect(customer?.form).toEqual({ email: 'robin@example.com', 'metadata[shop_customer_id]': 'customer-robin' });
      const customerId = fake.customerOf(token);
      expect(customerId).toMatch(/^cus_/);
      expect(create?.form).toMatchObject({ customer: customerId, setup_future_usage: 'off_session' });
      expect(confirm?.form).toMatchObject({ payment_method: token });
      // The card itself is never sent again: the saved card is its PaymentMethod id.
      expect(JSON.stringify(fake.requests.map((request) => request.form))).not.toContain('4242424242424242');

      fake.reset();
      expect(
        await gateway.charge({ token, amountCents: 2500, idempotencyKey: 'order-21-charge', savedCard: robin('pay') }),
      ).toMatchObject({ status: 'approved', capturedCents: 2500 });
      expect(paths()).toEqual(['POST /v1/payment_intents', 'POST /v1/payment_intents/{id}/confirm']);
      expect(fake.requests[0]?.form).toMatchObject({ customer: customerId });
      expect(fake.requests[0]?.form).not.toHaveProperty('setup_future_usage');
      expect(fake.requests[1]?.form).toMatchObject({ payment_method: token });

      // A second card saved joins the same Customer.
      const second = await savedCard(robin('save'), 'order-22-authorize', '5555555555554444');
      expect(fake.customerOf(second)).toBe(customerId);
    });

    it('refuses a saved card of another account, and an account’s card sent without it', async () => {
      const robins = await savedCard(robin('save'), 'order-30-authorize');
      await savedCard(sam('save'), 'order-31-authorize');
      const samPays = await gateway.authorize({
        token: robins,
        amountCents: 1000,
        idempotencyKey: 'order-32-authorize',
        savedCard: sam('pay'),
      });
      expect(samPays).toMatchObject({ status: 'error', code: 'invalid_request' });
      const asNewCard = await gateway.authorize({
        token: robins,
        amountCents: 1000,
        idempotencyKey: 'order-33-authorize',
      });
      expect(asNewCard).toMatchObject({ status: 'error', code: 'invalid_request' });

      // An account that saved nothing with Stripe has no Customer to pay through: Stripe is not asked.
      fake.reset();
      const stranger = await gateway.authorize({
        token: robins,
        amountCents: 1000,
        idempotencyKey: 'order-34-authorize',
        savedCard: { customerId: 'customer-kit', email: 'kit@example.com', action: 'pay' },
      });
      expect(stranger).toMatchObject({ status: 'error', code: 'invalid_request' });
      expect(fake.requests).toEqual([]);
    });

    it('leaves a card paid with once unusable again, as Stripe does: why saving names the Customer', async () => {
      const token = await newCard();
      expect(await gateway.authorize({ token, amountCents: 1000, idempotencyKey: 'order-40-authorize' })).toMatchObject(
        { status: 'approved' },
      );
      expect(await gateway.authorize({ token, amountCents: 1000, idempotencyKey: 'order-41-authorize' })).toMatchObject(
        { status: 'error', code: 'invalid_request' },
      );
    });

    it('lets go of a saved card by detaching it, once or again, and a card Stripe does not know is let go', async () => {
      const token = await savedCard(robin('save'), 'order-50-authorize');
      fake.reset();
      expect(await gateway.forgetCard(token)).toEqual({ status: 'approved', token });
      expect(paths()).toEqual([`POST /v1/payment_methods/${token}/detach`]);
      expect(fake.customerOf(token)).toBeNull();
      expect(
        await gateway.authorize({
          token,
          amountCents: 1000,
          idempotencyKey: 'order-51-authorize',
          savedCard: robin('pay'),
        }),
      ).toMatchObject({ status: 'error', code: 'invalid_request' });
      // Asked again (its first answer lost), Stripe says it is not attached: it is let go all the same.
      expect(await gateway.forgetCard(token)).toEqual({ status: 'approved', token });
      expect(await gateway.forgetCard('pm_missing')).toEqual({ status: 'approved', token: 'pm_missing' });
    });

    it('reports a Stripe that stays down while letting go of a card as unavailable', async () => {
      const token = await savedCard(robin('save'), 'order-52-authorize');
      fake.failNext = 2;
      expect(await gateway.forgetCard(token)).toMatchObject({ status: 'error', code: 'unavailable' });
      expect(fake.customerOf(token)).toMatch(/^cus_/);
    });
  });

  it('refuses bad amounts and keys without calling Stripe', async () => {
    expect(await gateway.charge({ token: 'pm_card_visa', amountCents: 49, idempotencyKey: 'small' })).toMatchObject({
      code: 'invalid_request',
    });
    expect(await gateway.refund({ paymentId: 'pi_1', amountCents: 100, idempotencyKey: ' ' })).toMatchObject({
      code: 'invalid_request',
    });
    expect(fake.requests).toEqual([]);
  });
});

describe('declineCodeFromStripe', () => {
  it('takes the decline code when it names a reason the shop knows, else the error code', () => {
    expect(declineCodeFromStripe('card_declined', 'insufficient_funds')).toBe('insufficient_funds');
    expect(declineCodeFromStripe('card_declined', 'generic_decline')).toBe('card_declined');
    expect(declineCodeFromStripe('card_declined', 'do_not_honor')).toBe('card_declined');
    expect(declineCodeFromStripe('expired_card', undefined)).toBe('expired_card');
    expect(declineCodeFromStripe('invalid_expiry_year', null)).toBe('invalid_expiry');
    expect(declineCodeFromStripe('authentication_required', 'authentication_required')).toBe('authentication_required');
    expect(declineCodeFromStripe(undefined, undefined)).toBe('card_declined');
  });
});
