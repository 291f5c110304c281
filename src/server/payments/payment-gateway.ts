/**
 * What orders and gift cards ask of a card payment provider, whichever one the shop is configured with: the
 * built-in test gateway (test-gateway.ts) or Stripe (stripe-gateway.ts). See docs/decisions/011-payments.md.
 */
import { MESSAGES } from '../../shared/messages.ts';
import { declineMessage, type CardBrand, type CardDetails, type DeclineCode } from '../../shared/payment-card.ts';

export type { CardDetails };

/** The shop charges in US dollars; every amount is integer cents. */
export const PAYMENT_CURRENCY = 'USD';

/** The smallest card charge Stripe takes in USD; the built-in gateway keeps the same rule so tests tell the truth. */
export const MINIMUM_CHARGE_CENTS = 50;

/** The largest USD amount Stripe takes in one payment ($999,999.99). */
export const MAXIMUM_CHARGE_CENTS = 99_999_999;

/** Stripe keeps keys up to 255 characters; ours leave room for the suffix of a second request (see Stripe's confirm). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** What a token stands for: enough for a receipt or a saved card, never the number or the CVC. */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface Declined {
  status: 'declined';
  code: DeclineCode;
  /** The shopper's words, from the shop's messages. */
  message: string;
}

/**
 * invalid_request: the request cannot be done (unknown payment, refund beyond the capture, bad amount);
 * idempotency_conflict: the key was used before for another request; unavailable: the provider could not be
 * reached or failed, and sending the same request with the same key again is safe.
 */
export type PaymentErrorCode = 'invalid_request' | 'idempotency_conflict' | 'unavailable';

export interface PaymentError {
  status: 'error';
  code: PaymentErrorCode;
  /** The shopper's words. */
  message: string;
  /** For the log: what went wrong, never card data. */
  detail: string;
}

export type PaymentResult<Approved> = ({ status: 'approved' } & Approved) | Declined | PaymentError;

export interface Tokenized {
  token: string;
  card: CardSummary;
}

/** capturedCents is 0 after authorize and the whole amount after charge. */
export interface Authorized {
  paymentId: string;
  amountCents: number;
  capturedCents: number;
}

export interface Captured {
  paymentId: string;
  capturedCents: number;
}

export interface Refunded {
  refundId: string;
  paymentId: string;
  amountCents: number;
}

export interface Voided {
  paymentId: string;
}

export interface Forgotten {
  token: string;
}

export type TokenizeResult = PaymentResult<Tokenized>;
export type AuthorizeResult = PaymentResult<Authorized>;
export type CaptureResult = PaymentResult<Captured>;
export type RefundResult = PaymentResult<Refunded>;
export type VoidResult = PaymentResult<Voided>;
export type ForgetResult = PaymentResult<Forgotten>;

/** A signed-in customer's saved cards in a payment (payments/saved-cards.ts). */
export interface SavedCardUse {
  /** The shop's customer id. */
  customerId: string;
  email: string;
  /** save: keep this new card for the customer's next checkouts; pay: the token is one of their saved cards. */
  action: 'save' | 'pay';
}

export interface AuthorizeRequest {
  /** A token from tokenize (or, with Stripe, a PaymentMethod id made in the browser). */
  token: string;
  amountCents: number;
  idempotencyKey: string;
  /** Absent: the card pays this once, as a guest's or a card not to keep. */
  savedCard?: SavedCardUse;
}

export interface CaptureRequest {
  paymentId: string;
  /** Less than the authorization releases the rest; absent captures it all. */
  amountCents?: number;
  idempotencyKey: string;
}

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface VoidRequest {
  paymentId: string;
  idempotencyKey: string;
}

/** What the browser's card form needs: the shop's own form posting to the server, or Stripe.js with its key. */
export type CardFormConfig = { provider: 'built-in' } | { provider: 'stripe'; publishableKey: string };

/**
 * Every call that moves money takes an idempotency key: the same call with the same key, sent again after a
 * time-out, a crash or from a second tab, gets the first call's result and never charges or refunds twice.
 * A key belongs to one request: use a new one for each distinct operation (e.g. `order-<attempt>-capture`).
 */
export interface PaymentGateway {
  readonly cardForm: CardFormConfig;
  /** Turns card details into an opaque token; the number and the CVC are not kept, logged or put in an error. */
  tokenize(card: CardDetails): Promise<TokenizeResult>;
  /** What a token stands for, or null when the gateway does not know it. */
  describeToken(token: string): Promise<CardSummary | null>;
  /** Holds the amount on the card, to be captured or voided later. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Authorizes and captures in one step. */
  charge(request: AuthorizeRequest): Promise<AuthorizeResult>;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /** Gives back part or all of what was captured; refunds together never exceed the capture. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Releases an authorization that was not captured. */
  void(request: VoidRequest): Promise<VoidResult>;
  /**
   * Lets go of a saved card the gateway keeps for the shop (Stripe detaches its PaymentMethod from the Customer,
   * and it pays no more); a card the gateway does not keep, or no longer, is let go already.
   */
  forgetCard(token: string): Promise<ForgetResult>;
}

export function declined(code: DeclineCode): Declined {
  return { status: 'declined', code, message: declineMessage(code) };
}

export function paymentError(code: PaymentErrorCode, detail: string): PaymentError {
  const message = code === 'unavailable' ? MESSAGES.paymentUnavailable : MESSAGES.apiFailure;
  return { status: 'error', code, message, detail };
}

/** The checks every gateway makes before it calls anything: an error to return, or null when the request is sound. */
export function checkAmount(amountCents: number, minimum: number): PaymentError | null {
  if (!Number.isInteger(amountCents) || amountCents < minimum || amountCents > MAXIMUM_CHARGE_CENTS) {
    return paymentError('invalid_request', `amount must be whole cents from ${minimum} to ${MAXIMUM_CHARGE_CENTS}`);
  }
  return null;
}

export function checkIdempotencyKey(key: string): PaymentError | null {
  if (key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    return paymentError('invalid_request', `idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  return null;
}
