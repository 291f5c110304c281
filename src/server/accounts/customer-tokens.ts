/**
 * The tokens of verify and reset links: 256 random bits in the link, only their SHA-256 in the database, used
 * once (the claim that marks one used is a single conditional update, so two clicks cannot both win) and
 * expiring: a reset link after an hour, a verify link after 48 hours. Issuing a token withdraws the customer's
 * earlier unused ones of its kind, so only the latest link works.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export type TokenKind = 'verify' | 'reset';

const HOUR_MS = 60 * 60_000;
export const TOKEN_LIFETIMES: Record<TokenKind, number> = { verify: 48 * HOUR_MS, reset: HOUR_MS };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  db: Db,
  customerId: string,
  kind: TokenKind,
  now: Date,
  email: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .deleteFrom('customer_tokens')
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('customer_tokens')
    .values({
      id: randomUUID(),
      customer_id: customerId,
      kind,
      token_hash: hashOf(token),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIMES[kind]).toISOString(),
      used_at: null,
      email,
    })
    .execute();
  return token;
}

/** Marks the token used and answers what it was issued with, or null for a wrong, used or expired token. */
export async function consumeToken(
  db: Db,
  customerId: string,
  kind: TokenKind,
  token: string,
  now: Date,
): Promise<{ email: string | null } | null> {
  const nowText = now.toISOString();
  const claimed = await db
    .updateTable('customer_tokens')
    .set({ used_at: nowText })
    .where('token_hash', '=', hashOf(token))
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowText)
    .returning('email')
    .executeTakeFirst();
  return claimed ?? null;
}
