/**
 * The steps every card checkout runs once its own checks have passed (docs/decisions/013-placing-orders.md):
 * refuse a shopper past the card limits, look the card up, claim the idempotency key, authorize the card, write
 * what it pays for in one transaction that first settles the attempt, then capture; a refusal or a failed write
 * voids the authorization and records the answer a repeat of the request gets. Placing an order
 * (orders/place-order.ts) and buying gift cards (gift-cards/buy-gift-cards.ts) each bring their own write and
 * capture.
 */
import type { Transaction } from 'kysely';
import { MESSAGES } from '../../shared/messages.ts';
import type { OrderPayment } from '../../shared/order.ts';
import type { User } from '../../shared/user.ts';
import type { Database } from '../db/schema.ts';
import type { SavedCardUse } from '../payments/payment-gateway.ts';
import { cardDeclineMessage, cardDeclinesUsedUp, tryCard } from '../rate-limits/card-declines.ts';
import {
  abandonAttempt,
  authorizeKey,
  claimAttempt,
  resolvePaymentCard,
  settleAttempt,
  type AttemptMade,
  type Authorization,
  type PaymentCard,
} from './checkout-attempts.ts';
import { Refusal, refusal } from '../refusal.ts';
import type { CheckoutContext } from './checkout-context.ts';

/** A card the gateway authorized for this try, with the payment to capture or void. */
export interface AuthorizedCard extends PaymentCard {
  paymentId: string;
}

/** What a checkout's write made: its id, and the e-mails it wrote to the outbox, delivered after commit. */
export interface CheckoutWritten {
  id: string;
  outboxIds: string[];
}

/** What a checkout made, or why it was refused. */
export type CheckoutResult = { id: string } | Refusal;

/**
 * Thrown by a checkout's write when what it pays for changed since it was priced (a line sold out, a promo or a
 * gift card used up): everything the transaction wrote rolls back and the shopper gets the checkout's 409.
 */
export class CheckoutConflict extends Error {}

/** The sweeper gave this try up (and voided its card) before the transaction began. */
class AttemptLost extends Error {}

export interface CardCheckout<Written extends CheckoutWritten> {
  idempotencyKey: string;
  /** What makes two requests the same checkout: the same key with another fingerprint is refused. */
  fingerprint: string;
  /** What the card is charged; 0 when gift cards and store credit pay everything, and no card is asked for. */
  amountCents: number;
  payment: OrderPayment;
  customer: User | null;
  /** The signed-in customer keeps this new card for next time ("Save this card"); the write saves its row. */
  saveCard?: boolean;
  /** The shopper's e-mail and address, whose declined cards are counted (rate-limits/card-declines.ts). */
  email: string;
  clientAddress: string;
  now: Date;
  /** What a finished attempt under this key made of this checkout's kind; null when it made something else. */
  madeOf: (made: AttemptMade) => string | null;
  /** Writes what the try pays for, inside the transaction that settled the attempt, at `now`. */
  write: (trx: Transaction<Database>, card: AuthorizedCard | null, now: Date) => Promise<Written>;
  /** The answer to a CheckoutConflict, read after the transaction rolled back; a plain 409 with its message if none. */
  conflictRefusal?: (message: string) => Promise<Refusal>;
  /** Captures the authorization once the write committed; a capture that fails is left to the sweeper. */
  capture: (written: Written, card: AuthorizedCard) => Promise<unknown>;
}

/**
 * What the try does with the customer's saved cards, for a gateway that keeps them itself (Stripe attaches a card
 * to the account's Customer): pays with one, keeps this new one, or neither (null).
 */
function savedCardUse({
  payment,
  customer,
  saveCard,
}: Pick<CardCheckout<CheckoutWritten>, 'payment' | 'customer' | 'saveCard'>): SavedCardUse | null {
  if (!customer || !payment) return null;
  const kept = (action: SavedCardUse['action']) => ({ customerId: customer._id, email: customer.username, action });
  if ('saved_card_id' in payment) return kept('pay');
  return saveCard ? kept('save') : null;
}

/**
 * Authorizes the card within the card limits, with what the attempt recorded (claimAttempt): the authorized card,
 * or the refusal the shopper gets.
 */
async function authorizeCard(
  ctx: CheckoutContext,
  checkout: Pick<CardCheckout<CheckoutWritten>, 'idempotencyKey' | 'email' | 'clientAddress' | 'now'>,
  card: PaymentCard,
  authorization: Authorization,
  tryNumber: number,
): Promise<AuthorizedCard | Refusal> {
  const key = checkout.idempotencyKey;
  const cardTry = await tryCard(
    ctx.db,
    { clientAddress: checkout.clientAddress, email: checkout.email, idempotencyKey: key, cardToken: card.token },
    checkout.now,
    () => ctx.gateway.authorize({ ...authorization, idempotencyKey: authorizeKey(key, tryNumber) }),
  );
  if (cardTry.refused) return cardTry.refused;
  const { result, explain } = cardTry;
  if (result.status === 'approved') return { ...card, paymentId: result.paymentId };
  if (result.status === 'declined') return refusal(402, cardDeclineMessage(result.message, explain));
  ctx.logger?.warn({ attempt: key, code: result.code, detail: result.detail }, 'card authorization failed');
  return refusal(result.code === 'unavailable' ? 503 : 402, result.message);
}

/** Runs a checkout's card steps; the checkout's own checks (and its answer to a repeat) come before. */
export async function checkOutByCard<Written extends CheckoutWritten>(
  ctx: CheckoutContext,
  checkout: CardCheckout<Written>,
): Promise<CheckoutResult> {
  const { idempotencyKey: key, amountCents, now } = checkout;
  const charged = amountCents > 0;
  const subjects = { clientAddress: checkout.clientAddress, email: checkout.email, idempotencyKey: key };
  if (charged && (await cardDeclinesUsedUp(ctx.db, subjects, now))) return refusal(429, MESSAGES.cardTooManyDeclines);
  const card = charged ? await resolvePaymentCard(ctx, checkout.payment, checkout.customer) : null;
  if (card instanceof Refusal) return card;

  const savedCard = savedCardUse(checkout);
  const authorization: Authorization | null = card
    ? { token: card.token, amountCents, ...(savedCard ? { savedCard } : {}) }
    : null;
  const claim = await claimAttempt(ctx.db, key, checkout.fingerprint, authorization, now);
  if (!claim.claimed) {
    if ('refusal' in claim) return claim.refusal;
    const made = checkout.madeOf(claim.made);
    return made ? { id: made } : refusal(409, MESSAGES.orderKeyReused);
  }
  const { tryNumber } = claim;
  const abandon = (paymentId: string | null, answer: Refusal) =>
    abandonAttempt(ctx, { key, tryNumber, paymentId }, answer);

  const authorized = card && authorization ? await authorizeCard(ctx, checkout, card, authorization, tryNumber) : null;
  if (authorized instanceof Refusal) return abandon(null, authorized);

  let written: Written;
  try {
    written = await ctx.db.transaction().execute(async (trx) => {
      const writtenAt = new Date();
      if (!(await settleAttempt(trx, key, tryNumber, writtenAt))) throw new AttemptLost();
      return checkout.write(trx, authorized, writtenAt);
    });
  } catch (error) {
    const paymentId = authorized?.paymentId ?? null;
    if (error instanceof CheckoutConflict)
      return abandon(
        paymentId,
        checkout.conflictRefusal ? await checkout.conflictRefusal(error.message) : refusal(409, error.message),
      );
    // The sweeper voided this try's card and marked it failed.
    if (error instanceof AttemptLost) return refusal(503, MESSAGES.paymentUnavailable);
    await abandon(paymentId, refusal(503, MESSAGES.paymentUnavailable));
    throw error;
  }

  if (authorized) await checkout.capture(written, authorized);
  ctx.mailer
    .deliver(written.outboxIds)
    .catch((error: unknown) => ctx.logger?.warn({ err: error, attempt: key }, 'checkout mail not delivered'));
  return { id: written.id };
}
