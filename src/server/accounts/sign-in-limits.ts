/**
 * How often a password may be wrong at sign-in (docs/decisions/030-sign-in-and-card-limits.md, OWASP ASVS V2.2.1).
 * Only failures count, in windows of 15 minutes held in the database. A browser the account has signed in on
 * before (a known device) is counted on its own, so strangers' guesses never lock the owner out of it; every
 * other browser shares the account's count: past its soft limit an unknown browser needs a passed captcha,
 * past its hard limit only a known device (or a password reset) signs in. A client address's failures across
 * accounts stop password spraying. A try is counted before its password is checked, so tries at once cannot
 * overrun a limit, and given back when it turns out not to be a failure.
 */
import type { Db } from '../db/database.ts';
import {
  countInWindow,
  countRequest,
  forgetRateLimit,
  releaseRateLimit,
  type RateLimit,
} from '../rate-limits/rate-limits.ts';
import { ACCOUNT_LIMIT_WINDOW_MS, ACCOUNT_LIMITS } from './account-limits.ts';
import type { KnownDevice } from './known-devices.ts';
import { accountEmail } from './sign-in.ts';

/** The limits of one window of sign-in failures; the soft ones are ACCOUNT_LIMITS.login's, which the captcha scores by. */
export const SIGN_IN_LIMITS = {
  /** Unknown browsers' failures on an account past which each try needs a passed captcha. */
  perAccount: ACCOUNT_LIMITS.login.perAccount,
  /** Unknown browsers' failures on an account past which only a known device signs in: 5 windows an hour, at most 100 (ASVS V2.2.1). */
  perAccountHard: 20,
  /** A client address's failures across accounts. */
  perAddress: ACCOUNT_LIMITS.login.perAddress,
  /** A known device's own failures, past which it counts as unknown. */
  perDevice: 5,
} as const;

const limit = (kind: string, subject: string, max: number): RateLimit => ({
  kind,
  subject,
  max,
  windowMs: ACCOUNT_LIMIT_WINDOW_MS,
});

export type SignInRefusal = 'address' | 'account' | 'captcha';

/** A try counted before its password is checked: what may go on, and how to settle its counts. */
export interface SignInTry {
  /** Whether the browser is a known device of the account, within its own limit: no captcha, no account limit. */
  known: boolean;
  /** Why the try may not go on: the address's limit, the account's hard one, or its soft one without a captcha. */
  refused: SignInRefusal | null;
  counted: readonly RateLimit[];
}

/** The known device of the account named by the e-mail, when the cookie's device is one of its customer's. */
async function deviceOfAccount(db: Db, email: string, device: KnownDevice | null): Promise<KnownDevice | null> {
  if (!device) return null;
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', device.customerId)
    .where('email', '=', email)
    .executeTakeFirst();
  return customer ? device : null;
}

/** Counts a sign-in try as a failure in waiting, and says whether it may go on. */
export async function startSignInTry(
  db: Db,
  subjects: { account: string; clientAddress: string; device: KnownDevice | null; hasCaptcha: boolean },
  now: Date,
): Promise<SignInTry> {
  const email = accountEmail(subjects.account);
  const device = await deviceOfAccount(db, email, subjects.device);
  if (device) {
    const deviceLimit = limit('login-device', device.deviceId, SIGN_IN_LIMITS.perDevice);
    if ((await countRequest(db, deviceLimit, now)) <= deviceLimit.max)
      return { known: true, refused: null, counted: [deviceLimit] };
    await releaseRateLimit(db, deviceLimit, now);
  }
  const account = limit('login-account', email, SIGN_IN_LIMITS.perAccount);
  const address = limit('login-ip', subjects.clientAddress, SIGN_IN_LIMITS.perAddress);
  const pair = limit('login-account-ip', `${email} ${subjects.clientAddress}`, SIGN_IN_LIMITS.perAccount);
  const counted = [account, address, pair];
  const [accountCount, addressCount] = [await countRequest(db, account, now), await countRequest(db, address, now)];
  await countRequest(db, pair, now);
  const refused: SignInRefusal | null =
    addressCount > SIGN_IN_LIMITS.perAddress
      ? 'address'
      : accountCount > SIGN_IN_LIMITS.perAccountHard
        ? 'account'
        : accountCount > SIGN_IN_LIMITS.perAccount && !subjects.hasCaptcha
          ? 'captcha'
          : null;
  return { known: false, refused, counted };
}

/** The try was no failure (refused before its password was checked, or its captcha failed): its counts are given back. */
export async function withdrawSignInTry(db: Db, attempt: SignInTry, now: Date): Promise<void> {
  for (const counted of attempt.counted) await releaseRateLimit(db, counted, now);
}

/**
 * The password was right: the try is given back, and so are the account's earlier failures from this browser
 * (a known device's own count) or from this client address (the owner's own typos), from every count they were in.
 */
export async function succeededSignInTry(db: Db, attempt: SignInTry, now: Date): Promise<void> {
  const [first, address, pair] = attempt.counted;
  if (!first) return;
  if (attempt.known || !address || !pair) {
    await forgetRateLimit(db, first, now);
    return;
  }
  const failures = await countInWindow(db, pair, now);
  await releaseRateLimit(db, first, now, failures);
  await releaseRateLimit(db, address, now, failures);
  await forgetRateLimit(db, pair, now);
}

/**
 * Wrong current passwords at the account area's password change, per account and window: the one that reaches
 * this many ends the customer's sessions, since whoever holds the session does not know the password.
 */
export const CURRENT_PASSWORD_FAILURES = 5;

const currentPasswordLimit = (customerId: string) =>
  limit('password-change-account', customerId, CURRENT_PASSWORD_FAILURES);

/** Counts a try of the current password before it is checked; the window's count with it. */
export const countCurrentPasswordTry = (db: Db, customerId: string, now: Date): Promise<number> =>
  countRequest(db, currentPasswordLimit(customerId), now);

/** The current password was right, or the customer signed in with it: their wrong tries are forgotten. */
export const forgetCurrentPasswordTries = (db: Db, customerId: string, now: Date): Promise<void> =>
  forgetRateLimit(db, currentPasswordLimit(customerId), now);
