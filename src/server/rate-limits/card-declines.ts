/**
 * Card testing: declined cards counted per client address, per e-mail and per bag in hourly windows held in the
 * database (rate-limits.ts), for orders and gift card purchases alike (docs/decisions/030-sign-in-and-card-limits.md).
 * After the first few declines of a key the shopper is told only that the card was declined, never why, so a
 * list of stolen numbers cannot be sorted by what the bank said; past the limit the card is not tried at all.
 * A card try is counted before the gateway is asked, so tries at once cannot overrun the limit, and given back
 * unless the card was declined; a key's later tries (after a decline, the same request again) count once.
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

export type CardTry = { refused: true } | { refused: false; declinesBefore: number; counted: readonly RateLimit[]; subjects: CardTrySubjects };

const limitsOf = (subjects: CardTrySubjects): RateLimit[] =>
  [
    ['card-decline-ip', subjects.clientAddress],
    ['card-decline-email', subjects.email.trim().toLowerCase()],
    ['card-decline-bag', subjects.bag],
  ].map(([kind = '', subject = '']) => ({ kind, subject, max: CARD_DECLINES_PER_WINDOW, windowMs: CARD_DECLINE_WINDOW_MS }));

/** Counts a card try before the gateway is asked; refused (and given back) when a key has had too many declines. */
export async function startCardTry(db: Db, subjects: CardTrySubjects, now: Date): Promise<CardTry> {
  const counted = limitsOf(subjects);
  const counts: number[] = [];
  for (const limit of counted) counts.push(await countRequest(db, limit, now));
  if (counts.some((count) => count > CARD_DECLINES_PER_WINDOW)) {
    for (const limit of counted) await releaseRateLimit(db, limit, now);
    return { refused: true };
  }
  return { refused: false, declinesBefore: Math.max(...counts) - 1, counted, subjects };
}

/** Settles a card try with the gateway's answer; for a decline, whether its reason may be told (cardDeclineMessage). */
export async function settleCardTry(db: Db, attempt: Extract<CardTry, { refused: false }>, declined: boolean, now: Date): Promise<{ explain: boolean }> {
  const release = async () => {
    for (const limit of attempt.counted) await releaseRateLimit(db, limit, now);
  };
  if (!declined) {
    await release();
    return { explain: true };
  }
  const keyLimit = { kind: 'card-decline-key', subject: attempt.subjects.idempotencyKey, windowMs: CARD_DECLINE_WINDOW_MS };
  if ((await countRequest(db, keyLimit, now)) > 1) await release();
  return { explain: attempt.declinesBefore < CARD_DECLINES_EXPLAINED };
}

/**
 * Whether any key has used up its declines, read without counting: a request past the limit is answered before
 * the gateway is asked anything, even to read the card's token. startCardTry still decides under concurrency.
 */
export async function cardDeclinesUsedUp(db: Db, subjects: CardTrySubjects, now: Date): Promise<boolean> {
  for (const limit of limitsOf(subjects)) {
    if ((await countInWindow(db, limit, now)) >= CARD_DECLINES_PER_WINDOW) return true;
  }
  return false;
}

/** What the shopper is told of a decline: its reason for a key's first few, then only that the card was declined. */
export const cardDeclineMessage = (reason: string, explain: boolean): string => (explain ? reason : MESSAGES.cardDeclined);
