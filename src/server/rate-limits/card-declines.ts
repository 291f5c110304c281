/**
 * Card testing: declined cards counted per client address, per e-mail and per bag in hourly windows held in the
 * database (rate-limits.ts), for orders and gift card purchases alike (docs/decisions/030-sign-in-and-card-limits.md).
 * After the first few declines of a key the shopper is told only that the card was declined, never why, so a
 * list of stolen numbers cannot be sorted by what the bank said; past the limit the card is not tried at all.
 * Tries in flight are counted beside the declines, and a try goes to the gateway only while a key's declines
 * and tries in flight stay within the limit; one that would pass it waits for those in flight to settle, so
 * tries at once can neither overrun the limit nor shut out shoppers whose cards are fine. A key's later tries
 * (after a decline, the same request again) count once.
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from '../../shared/messages.ts';
import type { Db } from '../db/database.ts';
import { countInWindow, countRequest, releaseRateLimit, type RateLimit } from './rate-limits.ts';

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
  /** What is being paid for, the same for the same bag (cardTryBag). */
  bag: string;
  /** The checkout's idempotency key: its tries after the first decline count no more. */
  idempotencyKey: string;
}

/** A bag of lines, or a gift card purchase, as one short key: a card tester's repeated cheap bag is one bag. */
export function cardTryBag(kind: 'order' | 'gift-card', parts: unknown): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)}`;
}

export type CardTry =
  | { refused: { status: 429 | 503; error: string } }
  | { refused: null; inFlight: readonly RateLimit[]; declines: readonly RateLimit[]; subjects: CardTrySubjects };

const limitsOf = (prefix: 'card-decline' | 'card-try', subjects: CardTrySubjects): RateLimit[] =>
  [
    [`${prefix}-ip`, subjects.clientAddress],
    [`${prefix}-email`, subjects.email.trim().toLowerCase()],
    [`${prefix}-bag`, subjects.bag],
  ].map(([kind = '', subject = '']) => ({ kind, subject, max: CARD_DECLINES_PER_WINDOW, windowMs: CARD_DECLINE_WINDOW_MS }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const mostDeclines = async (db: Db, declines: readonly RateLimit[], now: Date) => {
  let most = 0;
  for (const limit of declines) most = Math.max(most, await countInWindow(db, limit, now));
  return most;
};

/**
 * Counts a card try in flight before the gateway is asked: refused when a key has had too many declines, and
 * waiting while a key's declines and tries in flight would pass the limit.
 */
export async function startCardTry(db: Db, subjects: CardTrySubjects, now: Date): Promise<CardTry> {
  const inFlight = limitsOf('card-try', subjects);
  const declines = limitsOf('card-decline', subjects);
  const room = async (counted: (limit: RateLimit) => Promise<number>) => {
    let fits = true;
    for (const [index, limit] of inFlight.entries()) {
      const flying = await counted(limit);
      if ((await countInWindow(db, declines[index] ?? limit, now)) + flying > CARD_DECLINES_PER_WINDOW) fits = false;
    }
    return fits;
  };
  for (const started = Date.now(); Date.now() - started < WAIT_FOR_TRIES_MS; ) {
    if ((await mostDeclines(db, declines, now)) >= CARD_DECLINES_PER_WINDOW) return { refused: { status: 429, error: MESSAGES.cardTooManyDeclines } };
    // Read first, so tries that wait do not write to the counts the tries in flight settle.
    if (await room(async (limit) => (await countInWindow(db, limit, now)) + 1)) {
      if (await room((limit) => countRequest(db, limit, now))) return { refused: null, inFlight, declines, subjects };
      for (const limit of inFlight) await releaseRateLimit(db, limit, now);
    }
    await sleep(50 + Math.random() * 100);
  }
  return { refused: { status: 503, error: MESSAGES.paymentUnavailable } };
}

/** Settles a card try with the gateway's answer; for a decline, whether its reason may be told (cardDeclineMessage). */
export async function settleCardTry(db: Db, attempt: Extract<CardTry, { refused: null }>, declined: boolean, now: Date): Promise<{ explain: boolean }> {
  let explain = true;
  if (declined) {
    // Counted before the try leaves the flight, so a key's declines and tries in flight never miss it.
    const keyLimit = { kind: 'card-decline-key', subject: attempt.subjects.idempotencyKey, windowMs: CARD_DECLINE_WINDOW_MS };
    const first = (await countRequest(db, keyLimit, now)) === 1;
    let most = 0;
    for (const limit of attempt.declines) most = Math.max(most, first ? await countRequest(db, limit, now) : await countInWindow(db, limit, now));
    explain = most <= CARD_DECLINES_EXPLAINED;
  }
  for (const limit of attempt.inFlight) await releaseRateLimit(db, limit, now);
  return { explain };
}

/**
 * Whether any key has used up its declines, read without counting: a request past the limit is answered before
 * the gateway is asked anything, even to read the card's token. startCardTry still decides under concurrency.
 */
export async function cardDeclinesUsedUp(db: Db, subjects: CardTrySubjects, now: Date): Promise<boolean> {
  return (await mostDeclines(db, limitsOf('card-decline', subjects), now)) >= CARD_DECLINES_PER_WINDOW;
}

/** What the shopper is told of a decline: its reason for a key's first few, then only that the card was declined. */
export const cardDeclineMessage = (reason: string, explain: boolean): string => (explain ? reason : MESSAGES.cardDeclined);
