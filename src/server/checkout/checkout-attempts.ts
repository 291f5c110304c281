/**
 * The idempotency keys of what the shop charges a card for: placing an order (orders/place-order.ts) and buying
 * gift cards (gift-cards/buy-gift-cards.ts). Each attempt is an order_attempts row under the key the browser made;
 * its card is authorized under `order-<key>-<try>-authorize`, so the sweeper (sweepAbandonedAttempts) can void what
 * a crash left authorized, whichever of the two made it (docs/decisions/013-placing-orders.md).
 */
import type { Transaction } from 'kysely';
import { MESSAGES } from '../../shared/messages.ts';
import type { OrderPayment } from '../../shared/order.ts';
import type { User } from '../../shared/user.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AuthorizeRequest, CardSummary, PaymentGateway, SavedCardUse } from '../payments/payment-gateway.ts';
import { Refusal, refusal } from '../refusal.ts';
import type { CheckoutContext } from './checkout-context.ts';

export const authorizeKey = (attemptKey: string, tryNumber: number) => `order-${attemptKey}-${tryNumber}-authorize`;
export const voidKey = (attemptKey: string, tryNumber: number) => `order-${attemptKey}-${tryNumber}-void`;

/** How long a repeat of a request waits for the first to finish before answering that it is still under way. */
const WAIT_FOR_FIRST_MS = 20_000;
const WAIT_STEP_MS = 25;

/** What a finished attempt made: an order, or a purchase of gift cards. */
export interface AttemptMade {
  orderId: string | null;
  giftCardPurchaseId: string | null;
}

export type Claim =
  { claimed: true; tryNumber: number } | { claimed: false; made: AttemptMade } | { claimed: false; refusal: Refusal };

/** A card a payment names, as its token and what the gateway says the token stands for. */
export interface PaymentCard {
  token: string;
  card: CardSummary;
}

/** The card a payment names: a fresh token, or one of the signed-in customer's saved cards. */
export async function resolvePaymentCard(
  ctx: { db: Db; gateway: PaymentGateway },
  payment: OrderPayment,
  customer: User | null,
): Promise<PaymentCard | Refusal> {
  if (payment === null) return refusal(422, MESSAGES.orderPaymentRequired);
  if ('saved_card_id' in payment) {
    const saved = customer
      ? await ctx.db
          .selectFrom('saved_cards')
          .select('token')
          .where('id', '=', payment.saved_card_id)
          .where('customer_id', '=', customer._id)
          .executeTakeFirst()
      : undefined;
    const card = saved ? await ctx.gateway.describeToken(saved.token) : null;
    return saved && card ? { token: saved.token, card } : refusal(422, MESSAGES.savedCardNotFound);
  }
  const card = await ctx.gateway.describeToken(payment.token);
  return card ? { token: payment.token, card } : refusal(422, MESSAGES.cardTokenUnknown);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What an earlier request under this key made, when it was this very request: a repeat is answered with it
 * before anything is checked again, since what that request spent (a gift card's balance, store credit, the
 * last of a sku) would now make the same request look like another one.
 */
export async function madeBefore(db: Db, key: string, print: string): Promise<AttemptMade | null> {
  const attempt = await db
    .selectFrom('order_attempts')
    .select(['status', 'fingerprint', 'order_id', 'gift_card_purchase_id'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (
    attempt?.status !== 'ordered' ||
    attempt.fingerprint !== print ||
    !(attempt.order_id || attempt.gift_card_purchase_id)
  )
    return null;
  return { orderId: attempt.order_id, giftCardPurchaseId: attempt.gift_card_purchase_id };
}

/** What a try's card authorization is sent with, but for its key: the attempt keeps it for the sweeper to send again. */
export type Authorization = Omit<AuthorizeRequest, 'idempotencyKey'>;

/**
 * Claims the key for this request. A key already claimed answers with what it made, or waits while another
 * request holds it and then gives that request's answer; a key whose last try failed is tried again; the same
 * key with another request (another fingerprint) is refused. `authorization` is null when no card is charged.
 */
export async function claimAttempt(
  db: Db,
  key: string,
  print: string,
  authorization: Authorization | null,
  now: Date,
): Promise<Claim> {
  const values = {
    fingerprint: print,
    status: 'authorizing',
    card_token: authorization?.token ?? null,
    amount_cents: authorization?.amountCents ?? 0,
    saved_card_use: authorization?.savedCard ? JSON.stringify(authorization.savedCard) : null,
    failure: null,
    order_id: null,
    updated_at: now.toISOString(),
  };
  const inserted = await db
    .insertInto('order_attempts')
    .values({ idempotency_key: key, ...values, try_number: 1, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  if (inserted) return { claimed: true, tryNumber: 1 };
  let waited = false;
  for (const started = Date.now(); Date.now() - started < WAIT_FOR_FIRST_MS; waited = true) {
    const attempt = await db
      .selectFrom('order_attempts')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!attempt) return { claimed: false, refusal: refusal(409, MESSAGES.orderKeyReused) };
    const same = attempt.fingerprint === print;
    if (attempt.status === 'ordered' && (attempt.order_id || attempt.gift_card_purchase_id)) {
      return same
        ? { claimed: false, made: { orderId: attempt.order_id, giftCardPurchaseId: attempt.gift_card_purchase_id } }
        : { claimed: false, refusal: refusal(409, MESSAGES.orderKeyReused) };
    }
    if (attempt.status === 'failed') {
      // A request that waited for this very try gets its answer; a new request tries again under the same key.
      if (waited && same && attempt.failure) return { claimed: false, refusal: storedRefusal(attempt.failure) };
      const retried = await db
        .updateTable('order_attempts')
        .set({ ...values, try_number: attempt.try_number + 1 })
        .where('idempotency_key', '=', key)
        .where('status', '=', 'failed')
        .where('try_number', '=', attempt.try_number)
        .returning('try_number')
        .executeTakeFirst();
      if (retried) return { claimed: true, tryNumber: retried.try_number };
    } else if (!same) {
      return { claimed: false, refusal: refusal(409, MESSAGES.orderKeyReused) };
    }
    await sleep(WAIT_STEP_MS);
  }
  return { claimed: false, refusal: refusal(409, MESSAGES.orderInProgress) };
}

/**
 * Moves this try from authorizing to ordered inside the transaction that writes what it pays for; false when
 * the sweeper has given the try up (and voided its card), so nothing may be written.
 */
export async function settleAttempt(trx: Db, key: string, tryNumber: number, now: Date): Promise<boolean> {
  const ours = await trx
    .updateTable('order_attempts')
    .set({ status: 'ordered', updated_at: now.toISOString() })
    .where('idempotency_key', '=', key)
    .where('try_number', '=', tryNumber)
    .where('status', '=', 'authorizing')
    .returning('idempotency_key')
    .executeTakeFirst();
  return ours !== undefined;
}

/** Links the attempt to what its transaction made, in that transaction: a repeat of the request is answered with it. */
export async function recordMade(
  trx: Transaction<Database>,
  key: string,
  made: { order_id: string } | { gift_card_purchase_id: string },
): Promise<void> {
  await trx.updateTable('order_attempts').set(made).where('idempotency_key', '=', key).execute();
}

/** A refusal as markFailed stored it, JSON of its status and body. */
function storedRefusal(failure: string): Refusal {
  const { status, body } = JSON.parse(failure) as Pick<Refusal, 'status' | 'body'>;
  return new Refusal(status, body);
}

async function markFailed(db: Db, key: string, tryNumber: number, answer: Refusal): Promise<void> {
  await db
    .updateTable('order_attempts')
    .set({ status: 'failed', failure: JSON.stringify(answer), updated_at: new Date().toISOString() })
    .where('idempotency_key', '=', key)
    .where('try_number', '=', tryNumber)
    .where('status', 'in', ['authorizing', 'voiding'])
    .execute();
}

/**
 * Gives up an authorization this try made (paymentId null: none was made), then records the answer the
 * shopper gets, which a repeat of the request that waited for it gives too. A void that fails leaves the
 * attempt authorizing, for the sweeper to void later.
 */
export async function abandonAttempt(
  ctx: Pick<CheckoutContext, 'db' | 'gateway' | 'logger'>,
  attempt: { key: string; tryNumber: number; paymentId: string | null },
  answer: Refusal,
): Promise<Refusal> {
  if (attempt.paymentId) {
    const voided = await ctx.gateway.void({
      paymentId: attempt.paymentId,
      idempotencyKey: voidKey(attempt.key, attempt.tryNumber),
    });
    if (voided.status !== 'approved') {
      ctx.logger?.warn({ attempt: attempt.key, code: voided.code }, 'void failed; the sweeper tries again');
      return answer;
    }
  }
  await markFailed(ctx.db, attempt.key, attempt.tryNumber, answer);
  return answer;
}

/**
 * Gives up the attempts still authorizing (or voiding) since before `olderThan`: each is claimed (authorizing →
 * voiding, conditionally), its authorization asked for again under its own key (the gateway answers with the
 * first one, or makes one that is then voided) and voided, and the attempt marked failed so its key can be tried
 * again. The authorization is sent again exactly as the checkout sent it, saved card included: Stripe refuses a
 * key reused with other parameters. Returns how many authorizations were voided.
 */
export async function sweepAbandonedAttempts(
  ctx: Pick<CheckoutContext, 'db' | 'gateway' | 'logger'>,
  olderThan: Date,
): Promise<number> {
  let voidedCount = 0;
  const stale = await ctx.db
    .selectFrom('order_attempts')
    .selectAll()
    .where('status', 'in', ['authorizing', 'voiding'])
    .where('updated_at', '<', olderThan.toISOString())
    .limit(500)
    .execute();
  for (const attempt of stale) {
    const claimed = await ctx.db
      .updateTable('order_attempts')
      .set({ status: 'voiding', updated_at: new Date().toISOString() })
      .where('idempotency_key', '=', attempt.idempotency_key)
      .where('try_number', '=', attempt.try_number)
      .where('status', '=', attempt.status)
      .returning('idempotency_key')
      .executeTakeFirst();
    if (!claimed) continue;
    if (attempt.card_token && attempt.amount_cents > 0) {
      const authorized = await ctx.gateway.authorize({
        token: attempt.card_token,
        amountCents: attempt.amount_cents,
        idempotencyKey: authorizeKey(attempt.idempotency_key, attempt.try_number),
        ...(attempt.saved_card_use ? { savedCard: JSON.parse(attempt.saved_card_use) as SavedCardUse } : {}),
      });
      if (authorized.status === 'error') {
        ctx.logger?.warn(
          { attempt: attempt.idempotency_key, code: authorized.code, detail: authorized.detail },
          'abandoned authorization not asked for again; the next sweep tries',
        );
        continue;
      }
      if (authorized.status === 'approved') {
        const voided = await ctx.gateway.void({
          paymentId: authorized.paymentId,
          idempotencyKey: voidKey(attempt.idempotency_key, attempt.try_number),
        });
        // Voided before (by the request that gave up) is as good as voided now.
        if (voided.status === 'error' && voided.code === 'unavailable') continue;
        voidedCount += 1;
      }
    }
    await ctx.db
      .updateTable('order_attempts')
      .set({
        status: 'failed',
        failure: JSON.stringify(refusal(503, MESSAGES.paymentUnavailable)),
        updated_at: new Date().toISOString(),
      })
      .where('idempotency_key', '=', attempt.idempotency_key)
      .where('try_number', '=', attempt.try_number)
      .where('status', '=', 'voiding')
      .execute();
  }
  return voidedCount;
}
