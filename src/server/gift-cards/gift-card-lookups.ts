/**
 * Looking gift cards up by code, without a PIN: the balance check, and the bag's gift cards. A code is 80 bits
 * (gift-card-codes.ts), and each client address may try few wrong ones: every code looked up is counted first,
 * in one statement, so any number of requests at once cannot overrun the limit, and the count is given back
 * when the code was right. A wrong code, a guessed one and a used-up allowance all get one answer each, so the
 * answers tell a guesser nothing but "no".
 */
import { formatGiftCardCode, type GiftCardBalanceView } from '../../shared/gift-card.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { fromCents } from '../../shared/money.ts';
import type { Db } from '../db/database.ts';
import { refusal, type Refusal } from '../refusal.ts';
import { releaseRateLimit, withinRateLimits, type RateLimit } from '../rate-limits/rate-limits.ts';

export const GIFT_CARD_GUESS_WINDOW_MS = 15 * 60_000;
/** Wrong codes a client address may try in a window. */
export const GIFT_CARD_GUESSES_PER_ADDRESS = 10;

const guessLimit = (clientAddress: string): RateLimit => ({
  kind: 'gift-card-code-ip',
  subject: clientAddress,
  max: GIFT_CARD_GUESSES_PER_ADDRESS,
  windowMs: GIFT_CARD_GUESS_WINDOW_MS,
});

/**
 * Counts the codes as tries of this address, then gives back the tries of the codes that exist. False when the
 * address has used up its tries: nothing is looked up, and the codes must not be used.
 */
export async function withinGiftCardGuesses(
  db: Db,
  codes: readonly string[],
  clientAddress: string,
  now: Date,
): Promise<boolean> {
  if (codes.length === 0) return true;
  const limit = guessLimit(clientAddress);
  let within = true;
  for (let counted = 0; counted < codes.length; counted += 1)
    within = (await withinRateLimits(db, [limit], now)) && within;
  if (!within) return false;
  const found = await db
    .selectFrom('gift_cards')
    .select('code')
    .where('code', 'in', [...codes])
    .execute();
  for (let released = 0; released < found.length; released += 1) await releaseRateLimit(db, limit, now);
  return true;
}

/** The balance check: a card's last four characters and balance, or one refusal for any code that is not a card. */
export async function lookUpGiftCardBalance(
  db: Db,
  typed: string,
  clientAddress: string,
  now: Date,
): Promise<GiftCardBalanceView | Refusal> {
  const code = formatGiftCardCode(typed);
  if (!(await withinGiftCardGuesses(db, [code], clientAddress, now)))
    return refusal(429, MESSAGES.giftCardTooManyTries);
  const card = await db
    .selectFrom('gift_cards')
    .select(['code', 'balance_cents'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!card) return refusal(404, MESSAGES.giftCardNotFound);
  return { last4: card.code.slice(-4), balance: fromCents(card.balance_cents) };
}
