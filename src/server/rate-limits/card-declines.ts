/**
 * Card testing: declined cards counted per client address, per e-mail and per checkout (its idempotency key) in
 * hourly windows held in the database (rate-limits.ts), for orders and gift card purchases alike
 * (docs/decisions/030-sign-in-and-card-limits.md). After the first few declines of a key the shopper is told only
 * that the card was declined, never why, so a list of stolen numbers cannot be sorted by what the bank said; past
 * the limit the card is not tried at all.
 *
 * Tries at once must not overrun the limit either, so a try goes to the gateway only while a key's declines and
 * its tries in flight stay within it; one that would pass it waits for those in flight to settle. The tries in
 * flight are counted in this process, not the database: a server killed mid-try leaves no count behind to shut
 * shoppers out, and with several servers a key may overrun the limit by at most the others' tries in flight.
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from '../../shared/messages.ts';
import type { Db } from '../db/database.ts';
import type { AuthorizeResult } from '../payments/payment-gateway.ts';
import { refusal, type Refusal } from '../refusal.ts';
import { countInWindow, countRequest, rateLimitBucket, type RateLimit } from './rate-limits.ts';

export const CARD_DECLINE_WINDOW_MS = 60 * 60_000;
/** Declines a key may have in a window before the card is no longer tried. */
export const CARD_DECLINES_PER_WINDOW = 10;
/** Declines of a key that are told with their reason; later ones are only "declined". */
export const CARD_DECLINES_EXPLAINED = 3;
/** How long a try waits for a key's tries in flight to settle before it gives up. */
const WAIT_FOR_TRIES_MS = 20_000;

export interface CardTrySubjects {
  clientAddress: string;
  email: string;
  /** The checkout's idempotency key, made when its page opens and kept while the shopper tries cards. */
  idempotencyKey: string;
  /** The card's token: the same request sent again (same key, same token) is one decline, not two. */
  cardToken: string;
}

const declineLimitsOf = (subjects: CardTrySubjects): RateLimit[] =>
  [
    ['card-decline-ip', subjects.clientAddress],
    ['card-decline-email', subjects.email.trim().toLowerCase()],
    ['card-decline-checkout', subjects.idempotencyKey],
  ].map(([kind = '', subject = '']) => ({
    kind,
    subject,
    max: CARD_DECLINES_PER_WINDOW,
    windowMs: CARD_DECLINE_WINDOW_MS,
  }));

/** This process's tries in flight per limit bucket, for one database; `settled` counts the tries that ended. */
interface Flight {
  counts: Map<string, number>;
  settled: number;
  waiters: Set<() => void>;
}
const flights = new WeakMap<Db, Flight>();
function flightOf(db: Db): Flight {
  let flight = flights.get(db);
  if (!flight) {
    flight = { counts: new Map(), settled: 0, waiters: new Set() };
    flights.set(db, flight);
  }
  return flight;
}

async function mostDeclines(db: Db, limits: readonly RateLimit[], now: Date): Promise<number[]> {
  const counts: number[] = [];
  for (const limit of limits) counts.push(await countInWindow(db, limit, now));
  return counts;
}

/** Waits until a try in flight settles, or `ms` pass. */
function nextSettle(flight: Flight, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      flight.waiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    flight.waiters.add(wake);
  });
}

export type CardTry = { refused: Refusal } | { refused: null; result: AuthorizeResult; explain: boolean };

/**
 * Asks the gateway through `authorize` within the card limits: refused without asking when a key has had too many
 * declines, waiting while a key's declines and tries in flight would pass the limit, and with a decline counted
 * against every key before the try leaves the flight. `explain` says whether a decline's reason may be told.
 */
export async function tryCard(
  db: Db,
  subjects: CardTrySubjects,
  now: Date,
  authorize: () => Promise<AuthorizeResult>,
): Promise<CardTry> {
  const limits = declineLimitsOf(subjects);
  const buckets = limits.map(rateLimitBucket);
  const flight = flightOf(db);
  const deadline = Date.now() + WAIT_FOR_TRIES_MS;
  for (;;) {
    if (Date.now() > deadline) return { refused: refusal(503, MESSAGES.paymentUnavailable) };
    const settledBefore = flight.settled;
    const declines = await mostDeclines(db, limits, now);
    if (Math.max(...declines) >= CARD_DECLINES_PER_WINDOW)
      return { refused: refusal(429, MESSAGES.cardTooManyDeclines) };
    // A try that settled while the counts were read may have added a decline this read missed: read again.
    if (flight.settled !== settledBefore) continue;
    const fits = buckets.every(
      (bucket, index) => (declines[index] ?? 0) + (flight.counts.get(bucket) ?? 0) < CARD_DECLINES_PER_WINDOW,
    );
    if (fits) break;
    await nextSettle(flight, Math.max(0, deadline - Date.now()));
  }

  for (const bucket of buckets) flight.counts.set(bucket, (flight.counts.get(bucket) ?? 0) + 1);
  try {
    const result = await authorize();
    let explain = true;
    if (result.status === 'declined') {
      const tryLimit = { kind: 'card-decline-try', subject: tryOf(subjects), windowMs: CARD_DECLINE_WINDOW_MS };
      const first = (await countRequest(db, tryLimit, now)) === 1;
      let most = 0;
      for (const limit of limits)
        most = Math.max(most, first ? await countRequest(db, limit, now) : await countInWindow(db, limit, now));
      explain = most <= CARD_DECLINES_EXPLAINED;
    }
    return { refused: null, result, explain };
  } finally {
    for (const bucket of buckets) {
      const left = (flight.counts.get(bucket) ?? 1) - 1;
      if (left > 0) flight.counts.set(bucket, left);
      else flight.counts.delete(bucket);
    }
    flight.settled += 1;
    for (const wake of [...flight.waiters]) wake();
  }
}

/** One try: a checkout's key with one card, as a short subject. */
const tryOf = (subjects: CardTrySubjects) =>
  createHash('sha256').update(`${subjects.idempotencyKey}\n${subjects.cardToken}`).digest('base64url').slice(0, 22);

/**
 * Whether any key has used up its declines, read without counting: a request past the limit is answered before
 * the gateway is asked anything, even to read the card's token. tryCard still decides under concurrency.
 */
export async function cardDeclinesUsedUp(
  db: Db,
  subjects: Omit<CardTrySubjects, 'cardToken'>,
  now: Date,
): Promise<boolean> {
  return (
    Math.max(...(await mostDeclines(db, declineLimitsOf({ ...subjects, cardToken: '' }), now))) >=
    CARD_DECLINES_PER_WINDOW
  );
}

/** What the shopper is told of a decline: its reason for a key's first few, then only that the card was declined. */
export const cardDeclineMessage = (reason: string, explain: boolean): string =>
  explain ? reason : MESSAGES.cardDeclined;
