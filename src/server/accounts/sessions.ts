import { createHash } from 'node:crypto';
import type { User } from '../../shared/user.ts';
import type { Db } from '../db/database.ts';

/** The session cookie holds a random secret; the database keeps only its SHA-256 (schema.ts, SessionTable). */
export const SESSION_COOKIE = 'sid';

export const sessionIdFor = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The signed-in customer of a session cookie, or null for a guest, an unknown or an expired session. */
export async function sessionUser(db: Db, secret: string | undefined, now: Date): Promise<User | null> {
  if (!secret || secret.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .select(['customers.id', 'customers.email', 'customers.first_name', 'customers.last_name'])
    .where('sessions.id', '=', sessionIdFor(secret))
    .where('sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { _id: row.id, username: row.email, first_name: row.first_name, last_name: row.last_name } : null;
}
