/**
 * How often the account calls may be tried, per account and per client address, in windows of 15 minutes
 * counted in the database (rate-limits/rate-limits.ts), so a limit holds across restarts and across servers.
 * The account is its e-mail as typed (lower case), known or not, so a refusal says nothing about which
 * addresses have accounts; a reset link's account is its customer id.
 */
import type { Db } from '../db/database.ts';
import { countInWindow, withinRateLimits, type RateLimit } from '../rate-limits/rate-limits.ts';
import { accountEmail } from './sign-in.ts';

export const ACCOUNT_LIMIT_WINDOW_MS = 15 * 60_000;

export type AccountCall = 'login' | 'create' | 'forgot' | 'reset';

/**
 * The most tries in one window: per account, and per client address (several shoppers may share one). Sign-in's
 * count only wrong passwords, of browsers the account does not know (sign-in-limits.ts).
 */
export const ACCOUNT_LIMITS: Record<AccountCall, { perAccount: number; perAddress: number }> = {
  login: { perAccount: 10, perAddress: 50 },
  create: { perAccount: 3, perAddress: 10 },
  forgot: { perAccount: 3, perAddress: 20 },
  reset: { perAccount: 10, perAddress: 30 },
};

export interface AccountSubjects {
  account: string;
  clientAddress: string;
}

function limitsOf(call: AccountCall, subjects: AccountSubjects): [account: RateLimit, address: RateLimit] {
  const limits = ACCOUNT_LIMITS[call];
  const account = call === 'reset' ? subjects.account : accountEmail(subjects.account);
  return [
    { kind: `${call}-account`, subject: account, max: limits.perAccount, windowMs: ACCOUNT_LIMIT_WINDOW_MS },
    { kind: `${call}-ip`, subject: subjects.clientAddress, max: limits.perAddress, windowMs: ACCOUNT_LIMIT_WINDOW_MS },
  ];
}

/** Counts this try; false when the account or the address has tried too often this window. */
export function withinAccountLimits(db: Db, call: AccountCall, subjects: AccountSubjects, now: Date): Promise<boolean> {
  return withinRateLimits(db, limitsOf(call, subjects), now);
}

/** How much of its limits the account and the address have used this window, each from 0 to 1. */
export async function shareOfLimitsUsed(
  db: Db,
  call: AccountCall,
  subjects: AccountSubjects,
  now: Date,
): Promise<{ account: number; address: number }> {
  const [account, address] = limitsOf(call, subjects);
  const share = async (limit: RateLimit) => Math.min(1, (await countInWindow(db, limit, now)) / limit.max);
  return { account: await share(account), address: await share(address) };
}
