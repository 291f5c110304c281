/**
 * How often the account calls may be tried, per account and per client address, in windows of 15 minutes
 * counted in the database (rate-limits/rate-limits.ts), so a limit holds across restarts and across servers.
 * The account is its e-mail as typed (lower case), known or not, so a refusal says nothing about which
 * addresses have accounts; a reset link's account is its customer id.
 */
import type { Db } from '../db/database.ts';
import { withinRateLimits } from '../rate-limits/rate-limits.ts';
import { accountEmail } from './sign-in.ts';

export const ACCOUNT_LIMIT_WINDOW_MS = 15 * 60_000;

export type AccountCall = 'login' | 'create' | 'forgot' | 'reset';

/** The most tries in one window: per account, and per client address (several shoppers may share one). */
export const ACCOUNT_LIMITS: Record<AccountCall, { perAccount: number; perAddress: number }> = {
  login: { perAccount: 10, perAddress: 50 },
  create: { perAccount: 3, perAddress: 10 },
  forgot: { perAccount: 3, perAddress: 20 },
  reset: { perAccount: 10, perAddress: 30 },
};

/** Counts this try; false when the account or the address has tried too often this window. */
export function withinAccountLimits(db: Db, call: AccountCall, subjects: { account: string; clientAddress: string }, now: Date): Promise<boolean> {
  const limits = ACCOUNT_LIMITS[call];
  const account = call === 'reset' ? subjects.account : accountEmail(subjects.account);
  return withinRateLimits(
    db,
    [
      { kind: `${call}-account`, subject: account, max: limits.perAccount, windowMs: ACCOUNT_LIMIT_WINDOW_MS },
      { kind: `${call}-ip`, subject: subjects.clientAddress, max: limits.perAddress, windowMs: ACCOUNT_LIMIT_WINDOW_MS },
    ],
    now,
  );
}
