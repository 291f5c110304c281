/**
 * A local fake of the part of Stripe's API the Stripe adapter calls, for its tests and the checkout's: it records
 * every request and answers like Stripe: form-encoded bodies in, JSON out, card errors as 402s, and the first
 * response replayed for a repeated Idempotency-Key (a 400 idempotency_error when the key comes back to another
 * endpoint or with other parameters, https://docs.stripe.com/api/idempotent_requests). It keeps Stripe's rules for
 * reusing a card: a PaymentMethod confirmed without a Customer cannot be used again, one attached to a Customer (by
 * setup_future_usage) pays only on that Customer's PaymentIntents, and one detached from its Customer pays no more.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeCustomers } from './stripe-customers.ts';
import { StripeGateway } from './stripe-gateway.ts';

export interface RecordedRequest {
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
  customer: string | null;
  setup_future_usage: string | null;
  payment_method: string | null;
  last_payment_error?: { code: string; decline_code: string; message: string };
}

interface FakePaymentMethod {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
  /** Confirmed on a PaymentIntent without a Customer, or detached from one: Stripe takes it no more. */
  spent: boolean;
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

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  /** Answers 500 to this many requests before answering normally. */
  failNext = 0;
  private readonly intents = new Map<string, FakeIntent>();
  private readonly paymentMethods = new Map<string, FakePaymentMethod>();
  private readonly customers = new Set<string>();
  /** The first request under each key (method, path and form) and its answer. */
  private readonly replays = new Map<string, { request: string; answer: Answer }>();
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

  /** The status of a PaymentIntent made here (requires_capture, canceled...), or null for one it did not make. */
  intentStatus(paymentIntentId: string): string | null {
    return this.intents.get(paymentIntentId)?.status ?? null;
  }

  /** The Customer a PaymentMethod made here is attached to, if any. */
  customerOf(paymentMethodId: string): string | null {
    return this.paymentMethods.get(paymentMethodId)?.customer ?? null;
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
    const sent = `${request.method} ${request.path} ${raw}`;
    const earlier = this.replays.get(key);
    if (earlier) {
      if (earlier.request !== sent) {
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
    this.replays.set(key, { request: sent, answer });
    return answer;
  }

  private route({ method, path, form }: RecordedRequest): Answer {
    if (method === 'POST' && path === '/v1/customers') {
      const id = `cus_${this.nextId++}`;
      this.customers.add(id);
      return ok({ id, object: 'customer', email: form.email ?? null });
    }
    if (method === 'POST' && path === '/v1/payment_methods') {
      const paymentMethod: FakePaymentMethod = {
        id: `pm_${this.nextId++}`,
        card: {
          brand: 'visa',
          last4: (form['card[number]'] ?? '').slice(-4),
          exp_month: Number(form['card[exp_month]']),
          exp_year: Number(form['card[exp_year]']),
        },
        customer: null,
        spent: false,
      };
      this.paymentMethods.set(paymentMethod.id, paymentMethod);
      return ok(paymentMethodBody(paymentMethod));
    }
    const paymentMethodPath = /^\/v1\/payment_methods\/([\w]+)$/.exec(path);
    if (method === 'GET' && paymentMethodPath) {
      const id = paymentMethodPath[1] ?? '';
      if (id === 'pm_missing') return missing('No such PaymentMethod');
      const made = this.paymentMethods.get(id);
      if (made) return ok(paymentMethodBody(made));
      return ok({
        id,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'amex', last4: '0005', exp_month: 3, exp_year: 2031 },
        customer: null,
      });
    }
    const detachPath = /^\/v1\/payment_methods\/([\w]+)\/detach$/.exec(path);
    if (method === 'POST' && detachPath) {
      const made = this.paymentMethods.get(detachPath[1] ?? '');
      if (!made) return missing('No such PaymentMethod');
      if (!made.customer)
        return invalidRequest(
          'payment_method_unexpected_state',
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      made.customer = null;
      made.spent = true;
      return ok(paymentMethodBody(made));
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (form.customer && !this.customers.has(form.customer))
        return invalidRequest('resource_missing', `No such customer: '${form.customer}'`);
      const intent: FakeIntent = {
        id: `pi_${this.nextId++}`,
        amount: Number(form.amount),
        capture_method: form.capture_method ?? 'automatic',
        status: 'requires_payment_method',
        amount_received: 0,
        refunded: 0,
        customer: form.customer ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
        payment_method: null,
      };
      this.intents.set(intent.id, intent);
      return ok(intentBody(intent));
    }
    const action = /^\/v1\/payment_intents\/([\w]+)\/(confirm|capture|cancel)$/.exec(path);
    const intent = action ? this.intents.get(action[1] ?? '') : undefined;
    if (method === 'POST' && action && intent) {
      if (action[2] === 'confirm') return this.confirm(intent, form.payment_method ?? '');
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

  /** Confirms with a PaymentMethod: Stripe's test ones (pm_card_visa...) stand for a new card each time. */
  private confirm(intent: FakeIntent, paymentMethodId: string): Answer {
    const made = this.paymentMethods.get(paymentMethodId);
    if (made?.spent)
      return invalidRequest(
        'payment_intent_invalid_parameter',
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.',
      );
    if (made?.customer && made.customer !== intent.customer)
      return invalidRequest(
        'payment_intent_invalid_parameter',
        intent.customer
          ? `The provided PaymentMethod ${made.id} does not belong to the Customer ${intent.customer}.`
          : `The payment_method parameter supplied ${made.id} belongs to the Customer ${made.customer}. Please include the Customer in the customer parameter on the PaymentIntent.`,
      );
    const decline = DECLINING_PAYMENT_METHODS[paymentMethodId];
    if (decline) {
      intent.last_payment_error = decline;
      return {
        status: 402,
        body: { error: { type: 'card_error', ...decline, payment_intent: intentBody(intent) } },
      };
    }
    if (made && !made.customer) {
      if (intent.customer && intent.setup_future_usage) made.customer = intent.customer;
      else made.spent = true;
    }
    intent.payment_method = paymentMethodId;
    intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    if (intent.status === 'succeeded') intent.amount_received = intent.amount;
    return ok(intentBody(intent));
  }
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const invalidRequest = (code: string, message: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message } },
});

const missing = (message: string): Answer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message } },
});

const paymentMethodBody = (paymentMethod: FakePaymentMethod) => ({
  id: paymentMethod.id,
  object: 'payment_method',
  type: 'card',
  card: paymentMethod.card,
  customer: paymentMethod.customer,
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
    customer: intent.customer,
    setup_future_usage: intent.setup_future_usage,
    payment_method: intent.payment_method,
    last_payment_error: intent.last_payment_error ?? null,
  };
}

/** Where the Stripe Customers are kept for a test without a database. */
export function stripeCustomersInMemory(): StripeCustomers {
  const kept = new Map<string, string>();
  return {
    find: async (customerId) => kept.get(customerId) ?? null,
    async keep(customerId, stripeCustomerId) {
      if (!kept.has(customerId)) kept.set(customerId, stripeCustomerId);
      return kept.get(customerId) ?? stripeCustomerId;
    },
  };
}

/** The Stripe adapter talking to the fake on `port`, retrying once. */
export function fakeStripeGateway(port: number, customers: StripeCustomers, now?: () => Date): StripeGateway {
  return new StripeGateway({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    customers,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 1,
    ...(now ? { now } : {}),
  });
}
