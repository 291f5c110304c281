/**
 * Checking a sign-in's e-mail and password. An unknown e-mail costs the same scrypt work as a known one (its
 * password is checked against a hash of nothing anyone knows), so the answer's timing does not tell which
 * e-mails have accounts.
 */
import { randomBytes } from 'node:crypto';
import type { User } from '../../shared/user.ts';
import type { Db } from '../db/database.ts';
import { hashPassword, verifyPassword } from './password.ts';

let dummyHash: Promise<string> | null = null;

/** A hash made once per process from random bytes: what an unknown e-mail's password is checked against. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/** The e-mail as accounts are keyed: trimmed and in lower case. */
export const accountEmail = (email: string) => email.trim().toLowerCase();

/**
 * The customer an e-mail and password sign in, and whether the e-mail address is confirmed yet; null when
 * either is wrong.
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<{ user: User; verified: boolean } | null> {
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'email', 'first_name', 'last_name', 'password_hash', 'verified_at'])
    .where('email', '=', accountEmail(email))
    .executeTakeFirst();
  const matches = await verifyPassword(password, customer?.password_hash ?? (await dummyPasswordHash()));
  if (!customer || !matches) return null;
  return { user: userOfCustomer(customer), verified: customer.verified_at !== null };
}

/** The user record (spec section 3) of a customer row. */
export const userOfCustomer = (customer: {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}): User => ({
  _id: customer.id,
  username: customer.email,
  first_name: customer.first_name,
  last_name: customer.last_name,
});
