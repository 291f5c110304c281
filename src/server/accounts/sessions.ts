/**
 * Signed-in sessions (docs/decisions/014-accounts-and-sessions.md). The cookie holds a random secret of 256
 * bits; the database keeps only its SHA-256 (schema.ts, SessionTable). A session ends at whichever comes first:
 * its idle expiry, which activity moves forward, or its absolute expiry, fixed at sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { User } from '../../shared/user.ts';
import type { Db } from '../db/database.ts';
import { userOfCustomer } from './sign-in.ts';

/** The cookie's name over plain http; behind https it is __Host- prefixed (http/session-cookie.ts). */
export const SESSION_COOKIE = 'sid';

const SESSION_SECRET_BYTES = 32;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** How long a session lasts without activity, and at most; remembered sessions outlive the browser. */
export const SESSION_TIMEOUTS = {
  standard: { idleMs: 30 * MINUTE_MS, absoluteMs: 12 * 60 * MINUTE_MS },
  remembered: { idleMs: 7 * DAY_MS, absoluteMs: 30 * DAY_MS },
} as const;

const timeoutsOf = (rememberMe: boolean) => (rememberMe ? SESSION_TIMEOUTS.remembered : SESSION_TIMEOUTS.standard);

export const sessionIdFor = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A cookie value that could be a session's secret; anything longer is not looked up. */
const readable = (secret: string | undefined): secret is string => Boolean(secret) && (secret?.length ?? 0) <= 200;

export interface StartedSession {
  /** The cookie's value. */
  secret: string;
  /** When the session ends at the latest: a remembered session's cookie lasts until then. */
  expiresAt: Date;
  rememberMe: boolean;
}

/**
 * Signs a customer in with a new session. The session the browser held before (`replacing`, its cookie's
 * secret) is removed, so a secret planted before sign-in is worth nothing after it; the customer's expired
 * sessions are swept at the same time.
 */
export async function startSession(
  db: Db,
  options: { customerId: string; rememberMe: boolean; now: Date; replacing?: string | undefined },
): Promise<StartedSession> {
  const { customerId, rememberMe, now } = options;
  const timeouts = timeoutsOf(rememberMe);
  const secret = randomBytes(SESSION_SECRET_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + timeouts.absoluteMs);
  const nowText = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (readable(options.replacing))
      await trx.deleteFrom('sessions').where('id', '=', sessionIdFor(options.replacing)).execute();
    await trx
      .deleteFrom('sessions')
      .where('customer_id', '=', customerId)
      .where((eb) => eb.or([eb('expires_at', '<=', nowText), eb('idle_expires_at', '<=', nowText)]))
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        id: sessionIdFor(secret),
        customer_id: customerId,
        created_at: nowText,
        expires_at: expiresAt.toISOString(),
        idle_expires_at: new Date(now.getTime() + timeouts.idleMs).toISOString(),
        remember_me: rememberMe ? 1 : 0,
      })
      .execute();
  });
  return { secret, expiresAt, rememberMe };
}

function liveSession(db: Db, secret: string, now: Date) {
  const nowText = now.toISOString();
  return db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .select([
      'customers.id',
      'customers.email',
      'customers.first_name',
      'customers.last_name',
      'sessions.expires_at',
      'sessions.remember_me',
    ])
    .where('sessions.id', '=', sessionIdFor(secret))
    .where('sessions.expires_at', '>', nowText)
    .where('sessions.idle_expires_at', '>', nowText);
}

/** The signed-in customer of a session cookie, or null for a guest, an unknown or an expired session. */
export async function sessionUser(db: Db, secret: string | undefined, now: Date): Promise<User | null> {
  if (!readable(secret)) return null;
  const row = await liveSession(db, secret, now).executeTakeFirst();
  return row ? userOfCustomer(row) : null;
}

/** sessionUser, and the session's idle expiry moved forward from now (never past its absolute expiry). */
export async function refreshSession(db: Db, secret: string | undefined, now: Date): Promise<User | null> {
  if (!readable(secret)) return null;
  const row = await liveSession(db, secret, now).executeTakeFirst();
  if (!row) return null;
  const idleEnd = Math.min(now.getTime() + timeoutsOf(row.remember_me === 1).idleMs, Date.parse(row.expires_at));
  await db
    .updateTable('sessions')
    .set({ idle_expires_at: new Date(idleEnd).toISOString() })
    .where('id', '=', sessionIdFor(secret))
    .execute();
  return userOfCustomer(row);
}

/** Signs out: the session is removed on the server, so its cookie is worth nothing even if kept. */
export async function endSession(db: Db, secret: string | undefined): Promise<void> {
  if (!readable(secret)) return;
  await db.deleteFrom('sessions').where('id', '=', sessionIdFor(secret)).execute();
}

/** Removes every session of a customer but the one whose secret is kept (after a password change or reset). */
export async function endOtherSessions(db: Db, customerId: string, kept: string | undefined): Promise<void> {
  let query = db.deleteFrom('sessions').where('customer_id', '=', customerId);
  if (readable(kept)) query = query.where('id', '!=', sessionIdFor(kept));
  await query.execute();
}
