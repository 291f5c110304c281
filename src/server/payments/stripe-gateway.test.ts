/**
 * The Stripe adapter against a local fake of the part of Stripe's API it calls. The fake records every request
 * and answers like Stripe: form-encoded bodies in, JSON out, card errors as 402s, and the first response replayed
 * for a repeated Idempotency-Key (a 400 idempotency_error when the key comes back with other parameters).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { StripeGateway, declineCodeFromStripe } from './stripe-gateway.ts';

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

interface Answer {
  status: number;
  body: unknown;
}

interface FakeIntent {
  id: string;
  amount: number;
  capture_method: string;
  status: string;
  amount_received: number;
  refunded: number;
  payment_method: string | null;
  last_payment_error?: { code: string; decline_code: string; message: string };
}

/** Stripe's test PaymentMethods that decline, with the card error Stripe answers. */
const DECLINING_PAYMENT_METHODS: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};

class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  /** Answers 500 to this many requests before answering normally. */
  failNext = 0;
  private readonly intents = new Map<string, FakeIntent>();
  private readonly replays = new Map<string, { form: string; answer: Answer }>();
  private nextId = 1;
  private server: Server | null = null;

  async start(): Promise<number> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  reset() {
    this.requests.length = 0;
    this.failNext = 0;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      form: Object.fromEntries(new URLSearchParams(raw)),
    };
    this.requests.push(recorded);
    const answer = this.answer(recorded, raw);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${this.requests.length}`,
    });
    response.end(JSON.stringify(answer.body));
  }

  private answer(request: RecordedRequest, raw: string): Answer {
    if (this.failNext > 0) {
      this.failNext -= 1;
      return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } };
    }
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') return this.route(request);
    const earlier = this.replays.get(key);
    if (earlier) {
      if (earlier.form !== raw) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          },
        };
      }
      return earlier.answer;
    }
    const answer = this.route(request);
    this.replays.set(key, { form: raw, answer });
    return answer;
  }

  private route({ method, path, form }: RecordedRequest): Answer {
    if (method === 'POST' && path === '/v1/payment_methods') {
      return ok({
        id: `pm_${this.nextId++}`,
        object: 'payment_method',
        type: 'card',
        card: {
          brand: 'visa',
          last4: (form['card[number]'] ?? '').slice(-4),
          exp_month: Number(form['card[exp_month]']),
          exp_year: Number(form['card[exp_year]']),
        },
      });
    }
    const paymentMethod = /^\/v1\/payment_methods\/([\w]+)$/.exec(path);
    if (method === 'GET' && paymentMethod) {
      if (paymentMethod[1] === 'pm_missing') {
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' },
          },
        };
      }
      return ok({
        id: paymentMethod[1],
        object: 'payment_method',
        type: 'card',
        card: { brand: 'amex', last4: '0005', exp_month: 3, exp_year: 2031 },
      });
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent: FakeIntent = {
        id: `pi_${this.nextId++}`,
        amount: Number(form.amount),
        capture_method: form.capture_method ?? 'automatic',
        status: 'requires_payment_method',
        amount_received: 0,
        refunded: 0,
        payment_method: null,
      };
      this.intents.set(intent.id, intent);
      return ok(intentBody(intent));
    }
    const action = /^\/v1\/payment_intents\/([\w]+)\/(confirm|capture|cancel)$/.exec(path);
    const intent = action ? this.intents.get(action[1] ?? '') : undefined;
    if (method === 'POST' && action && intent) {
      if (action[2] === 'confirm') {
        const paymentMethodId = form.payment_method ?? '';
        const decline = DECLINING_PAYMENT_METHODS[paymentMethodId];
        if (decline) {
          intent.last_payment_error = decline;
          return {
            status: 402,
            body: { error: { type: 'card_error', ...decline, payment_intent: intentBody(intent) } },
          };
        }
        intent.payment_method = paymentMethodId;
        intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
        if (intent.status === 'succeeded') intent.amount_received = intent.amount;
        return ok(intentBody(intent));
      }
      if (action[2] === 'capture') {
        if (intent.status !== 'requires_capture')
          return invalidRequest('payment_intent_unexpected_state', 'This PaymentIntent could not be captured.');
        intent.status = 'succeeded';
        intent.amount_received = form.amount_to_capture ? Number(form.amount_to_capture) : intent.amount;
        return ok(intentBody(intent));
      }
      if (intent.status === 'succeeded')
        return invalidRequest('payment_intent_unexpected_state', 'You cannot cancel this PaymentIntent.');
      intent.status = 'canceled';
      return ok(intentBody(intent));
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refunded = this.intents.get(form.payment_intent ?? '');
      if (!refunded) return invalidRequest('resource_missing', 'No such payment_intent');
      const amount = Number(form.amount ?? refunded.amount_received - refunded.refunded);
      if (amount > refunded.amount_received - refunded.refunded)
        return invalidRequest('amount_too_large', 'Refund amount is greater than unrefunded amount on charge');
      refunded.refunded += amount;
      return ok({
        id: `re_${this.nextId++}`,
        object: 'refund',
        amount,
        payment_intent: refunded.id,
        status: 'succeeded',
      });
    }
    return invalidRequest('resource_missing', `Unrecognized request URL (${method}: ${path})`);
  }
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const invalidRequest = (code: string, message: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message } },
});

function intentBody(intent: FakeIntent) {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.amount_received,
    currency: 'usd',
    capture_method: intent.capture_method,
    status: intent.status,
    payment_method: intent.payment_method,
    last_payment_error: intent.last_payment_error ?? null,
  };
}

describe('the Stripe gateway', () => {
  const fake = new FakeStripe();
  let gateway: StripeGateway;
  beforeAll(async () => {
    const port = await fake.start();
    gateway = new StripeGateway({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 1,
      now: () => new Date('2026-11-15T12:00:00Z'),
    });
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
