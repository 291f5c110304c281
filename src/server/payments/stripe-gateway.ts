/**
 * The Stripe adapter: Payment Intents through the official `stripe` package. The browser makes a
 * PaymentMethod with Stripe.js and the publishable key (or the server does, with tokenize, on accounts allowed
 * to send raw card data); authorize and charge create a PaymentIntent and confirm it with that PaymentMethod;
 * capture, refund and void are Stripe's capture, refund and cancel. Every request that moves money carries our
 * idempotency key in Stripe's Idempotency-Key header, so Stripe answers a repeat with its first response.
 *
 * A card saved at checkout is attached to the account's Stripe Customer (made at its first saved card, kept in
 * stripe-customers.ts): its PaymentIntent names the Customer with setup_future_usage, and the saved card's
 * reference is its PaymentMethod id. Paying with it names the same Customer, and Stripe refuses a PaymentMethod
 * attached to another one.
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { lazily } from '../../shared/lazily.ts';
import { checkCardDetails, isDeclineCode, type CardBrand, type DeclineCode } from '../../shared/payment-card.ts';
import {
  MINIMUM_CHARGE_CENTS,
  PAYMENT_CURRENCY,
  checkAmount,
  checkIdempotencyKey,
  declined,
  paymentError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type CaptureRequest,
  type CaptureResult,
  type CardDetails,
  type CardFormConfig,
  type CardSummary,
  type ForgetResult,
  type PaymentError,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type SavedCardUse,
  type TokenizeResult,
  type VoidRequest,
  type VoidResult,
} from './payment-gateway.ts';
import type { StripeCustomers } from './stripe-customers.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  /** Where each account's Stripe Customer is kept. */
  customers: StripeCustomers;
  /** Stripe's API address, for a local fake of it in tests; Stripe's own by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Retries of a request that failed on the way or with a 5xx, each with the same idempotency key. */
  maxNetworkRetries?: number;
  now?: () => Date;
}

/**
 * The Stripe package (some 4 MB once loaded) loads with the first Stripe gateway, so a shop on the test gateway
 * never holds it (docs/performance/024-server-memory.md).
 */
const stripePackage = lazily(() => createRequire(import.meta.url)('stripe') as typeof Stripe);

/** Long enough for a bank's slow authorization, short enough that a checkout does not hang. */
const REQUEST_TIMEOUT_MS = 30_000;

const CARD_BRANDS: ReadonlySet<string> = new Set<CardBrand>([
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
]);

/** Stripe's error and decline codes that mean one of ours under another name. */
const STRIPE_DECLINE_ALIASES = new Map<string, DeclineCode>([
  ['generic_decline', 'card_declined'],
  ['invalid_number', 'incorrect_number'],
  ['invalid_expiry_month', 'invalid_expiry'],
  ['invalid_expiry_year', 'invalid_expiry'],
  ['incorrect_zip', 'card_declined'],
  ['pickup_card', 'stolen_card'],
  ['authentication_not_handled', 'authentication_required'],
  ['payment_intent_authentication_failure', 'authentication_required'],
]);

/** Our reason for a Stripe decline: its decline code when it names one we know, else its error code. */
export function declineCodeFromStripe(
  code: string | null | undefined,
  declineCode: string | null | undefined,
): DeclineCode {
  for (const candidate of [declineCode, code]) {
    if (!candidate) continue;
    if (isDeclineCode(candidate)) return candidate;
    const alias = STRIPE_DECLINE_ALIASES.get(candidate);
    if (alias) return alias;
  }
  return 'card_declined';
}

export class StripeGateway implements PaymentGateway {
  readonly cardForm: CardFormConfig;
  private readonly stripe: Stripe;
  private readonly customers: StripeCustomers;
  private readonly now: () => Date;

  constructor(options: StripeGatewayOptions) {
    this.cardForm = { provider: 'stripe', publishableKey: options.publishableKey };
    this.customers = options.customers;
    this.now = options.now ?? (() => new Date());
    const StripeClient = stripePackage();
    this.stripe = new StripeClient(options.secretKey, {
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: REQUEST_TIMEOUT_MS,
      telemetry: false,
    });
  }

  async tokenize(card: CardDetails): Promise<TokenizeResult> {
    // Checked here first, so what is plainly mistyped never leaves the shop.
    const check = checkCardDetails(card, this.now());
    if (!check.ok) return declined(check.code);
    try {
      const paymentMethod = await this.stripe.paymentMethods.create({
        type: 'card',
        card: { number: check.digits, exp_month: check.expMonth, exp_year: check.expYear, cvc: card.cvc.trim() },
      });
      const summary = cardSummary(paymentMethod, check.brand);
      if (!summary) return paymentError('invalid_request', `payment method ${paymentMethod.id} is not a card`);
      return { status: 'approved', token: paymentMethod.id, card: summary };
    } catch (error) {
      if (error instanceof stripePackage().errors.StripeError) return failure(error);
      // An error from below the Stripe client could hold the request it was sending: the card stays out of it.
      throw new Error('Tokenizing a card with Stripe failed');
    }
  }

  async describeToken(token: string): Promise<CardSummary | null> {
    try {
      return cardSummary(await this.stripe.paymentMethods.retrieve(token), null);
    } catch (error) {
      if (error instanceof stripePackage().errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    return this.open(request, 'manual');
  }

  charge(request: AuthorizeRequest): Promise<AuthorizeResult> {
    return this.open(request, 'automatic');
  }

  private async open(
    { token, amountCents, idempotencyKey, savedCard }: AuthorizeRequest,
    captureMethod: 'manual' | 'automatic',
  ): Promise<AuthorizeResult> {
    const invalid = checkAmount(amountCents, MINIMUM_CHARGE_CENTS) ?? checkIdempotencyKey(idempotencyKey);
    if (invalid) return invalid;
    try {
      const customer = savedCard ? await this.stripeCustomerOf(savedCard) : null;
      if (savedCard && !customer)
        return paymentError('invalid_request', `customer ${savedCard.customerId} saved no card with Stripe`);
      const created = await this.stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: PAYMENT_CURRENCY.toLowerCase(),
          capture_method: captureMethod,
          allowed_payment_method_types: ['card'],
          ...(customer ? { customer } : {}),
          // Once confirmed, Stripe attaches the card to the Customer, so it can pay again.
          ...(savedCard?.action === 'save' ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey },
      );
      // A second request needs a key of its own: Stripe refuses one key for two different requests.
      const intent = await this.stripe.paymentIntents.confirm(
        created.id,
        // No page here can take the shopper through their bank's check: such a card is declined instead.
        { payment_method: token, error_on_requires_action: true },
        { idempotencyKey: `${idempotencyKey}-confirm` },
      );
      switch (intent.status) {
        case 'requires_capture':
          return { status: 'approved', paymentId: intent.id, amountCents: intent.amount, capturedCents: 0 };
        case 'succeeded':
          return {
            status: 'approved',
            paymentId: intent.id,
            amountCents: intent.amount,
            capturedCents: intent.amount_received,
          };
        case 'requires_payment_method':
          return declined(
            declineCodeFromStripe(intent.last_payment_error?.code, intent.last_payment_error?.decline_code),
          );
        case 'requires_action':
          return declined('authentication_required');
        default:
          return paymentError('unavailable', `payment intent ${intent.id} is ${intent.status}`);
      }
    } catch (error) {
      return failureOrThrow(error);
    }
  }

  /**
   * The account's Stripe Customer: the one kept, or for a card to save a new one with the account's e-mail; null
   * when a saved card is to pay and the account has none.
   */
  private async stripeCustomerOf({ customerId, email, action }: SavedCardUse): Promise<string | null> {
    const kept = await this.customers.find(customerId);
    if (kept || action === 'pay') return kept;
    // Moves no money, so it carries no key of ours (a retry gets the client's own); two first saves at once each
    // make a Customer, and both go on with the one kept.
    const created = await this.stripe.customers.create({ email, metadata: { shop_customer_id: customerId } });
    return this.customers.keep(customerId, created.id, this.now());
  }

  async capture({ paymentId, amountCents, idempotencyKey }: CaptureRequest): Promise<CaptureResult> {
    const invalid =
      (amountCents === undefined ? null : checkAmount(amountCents, 1)) ?? checkIdempotencyKey(idempotencyKey);
    if (invalid) return invalid;
    try {
      const intent = await this.stripe.paymentIntents.capture(
        paymentId,
        amountCents === undefined ? {} : { amount_to_capture: amountCents },
        { idempotencyKey },
      );
      if (intent.status !== 'succeeded')
        return paymentError('unavailable', `payment intent ${intent.id} is ${intent.status} after capture`);
      return { status: 'approved', paymentId: intent.id, capturedCents: intent.amount_received };
    } catch (error) {
      return failureOrThrow(error);
    }
  }

  async refund({ paymentId, amountCents, idempotencyKey }: RefundRequest): Promise<RefundResult> {
    const invalid = checkAmount(amountCents, 1) ?? checkIdempotencyKey(idempotencyKey);
    if (invalid) return invalid;
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentId, amount: amountCents },
        { idempotencyKey },
      );
      // A card refund is usually pending for a while and then succeeds; only a failed or canceled one did not happen.
      if (refund.status !== 'succeeded' && refund.status !== 'pending') {
        return paymentError('invalid_request', `refund ${refund.id} is ${refund.status ?? 'of no status'}`);
      }
      return { status: 'approved', refundId: refund.id, paymentId, amountCents: refund.amount };
    } catch (error) {
      return failureOrThrow(error);
    }
  }

  async forgetCard(token: string): Promise<ForgetResult> {
    try {
      await this.stripe.paymentMethods.detach(token);
    } catch (error) {
      if (!(error instanceof stripePackage().errors.StripeInvalidRequestError)) return failureOrThrow(error);
      // Detached before (a retry whose first answer was lost) or unknown to Stripe: Stripe keeps it no more.
      try {
        if ((await this.stripe.paymentMethods.retrieve(token)).customer !== null) return failure(error);
      } catch (retrieveError) {
        const missing =
          retrieveError instanceof stripePackage().errors.StripeInvalidRequestError && retrieveError.statusCode === 404;
        if (!missing) return failureOrThrow(retrieveError);
      }
    }
    return { status: 'approved', token };
  }

  async void({ paymentId, idempotencyKey }: VoidRequest): Promise<VoidResult> {
    const invalid = checkIdempotencyKey(idempotencyKey);
    if (invalid) return invalid;
    try {
      const intent = await this.stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey });
      if (intent.status !== 'canceled')
        return paymentError('unavailable', `payment intent ${intent.id} is ${intent.status} after cancel`);
      return { status: 'approved', paymentId: intent.id };
    } catch (error) {
      return failureOrThrow(error);
    }
  }
}

/** A card PaymentMethod as a summary; a brand the shop does not know is the one read from the number, if any. */
function cardSummary(paymentMethod: Stripe.PaymentMethod, numberBrand: CardBrand | null): CardSummary | null {
  const card = paymentMethod.card;
  if (paymentMethod.type !== 'card' || !card) return null;
  const brand = CARD_BRANDS.has(card.brand) ? (card.brand as CardBrand) : numberBrand;
  if (!brand) return null;
  return { brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

function failureOrThrow(error: unknown): PaymentError | ReturnType<typeof declined> {
  if (error instanceof stripePackage().errors.StripeError) return failure(error);
  throw error;
}

/**
 * A Stripe error as our result. Its message is left out of the detail: Stripe may quote a request's values in
 * it, and the detail goes to logs. Its type, code, status and request id are enough to find it in Stripe.
 */
function failure(error: InstanceType<typeof Stripe.errors.StripeError>): PaymentError | ReturnType<typeof declined> {
  if (error instanceof stripePackage().errors.StripeCardError)
    return declined(declineCodeFromStripe(error.code, error.decline_code));
  const detail = ['stripe', error.type, error.code, error.statusCode, error.requestId].filter(Boolean).join(' ');
  if (error instanceof stripePackage().errors.StripeIdempotencyError)
    return paymentError('idempotency_conflict', detail);
  if (error instanceof stripePackage().errors.StripeInvalidRequestError) return paymentError('invalid_request', detail);
  // Connection, API, rate-limit and key errors: nothing was done that a retry with the same key could repeat.
  return paymentError('unavailable', detail);
}
