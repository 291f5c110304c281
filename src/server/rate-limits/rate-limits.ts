/**
 * Request limits counted in the database (rate_limit_counts), so they hold across restarts and across the
 * shop's servers sharing one database: each request adds one to the count of its kind and subject (a client
 * address, an e-mail, an account) for the current fixed window, in one statement, and the count that
 * statement returns decides. Every limit of the shop goes through withinRateLimits.
 */
import type { Db } from '../db/database.ts';

export interface RateLimit {
  /** What is counted, e.g. `login-ip` or `lookup-email`. */
  kind: string;
  /** Whose requests: a client address, an e-mail in lower case, a customer id. */
  subject: string;
  max: number;
  windowMs: number;
}

/** The row's key: kind and subject (a subject may hold any character; the kind never holds a colon). */
export const rateLimitBucket = (limit: Pick<RateLimit, 'kind' | 'subject'>) => `${limit.kind}:${limit.subject}`;

type CountedLimit = Pick<RateLimit, 'kind' | 'subject' | 'windowMs'>;

const windowStartOf = (limit: CountedLimit, now: Date) =>
  new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs).toISOString();

/** Counts this request in the limit's window; the window's count with it. */
export async function countRequest(db: Db, limit: CountedLimit, now: Date): Promise<number> {
  const { count } = await db
    .insertInto('rate_limit_counts')
    .values({ bucket: rateLimitBucket(limit), window_start: windowStartOf(limit, now), count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['bucket', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_counts.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return count;
}

/** Counts this request in each limit's window; false when any count is past its limit. */
export async function withinRateLimits(db: Db, limits: readonly RateLimit[], now: Date): Promise<boolean> {
  let within = true;
  for (const limit of limits) {
    if ((await countRequest(db, limit, now)) > limit.max) within = false;
  }
  return within;
}

/**
 * Gives back counts of a limit this request was counted in at `now` (one, unless `times` says more): for
 * limits that count only failures (a gift card code that was wrong), counted before the outcome is known so
 * requests at once cannot overrun the limit, and given back when the outcome is a success.
 */
export async function releaseRateLimit(db: Db, limit: CountedLimit, now: Date, times = 1): Promise<void> {
  if (times <= 0) return;
  await db
    .updateTable('rate_limit_counts')
    .set((eb) => ({ count: eb('count', '-', times) }))
    .where('bucket', '=', rateLimitBucket(limit))
    .where('window_start', '=', windowStartOf(limit, now))
    .where('count', '>=', times)
    .execute();
}

/** Forgets the current window's count of a kind and subject. */
export async function forgetRateLimit(db: Db, limit: CountedLimit, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_counts')
    .where('bucket', '=', rateLimitBucket(limit))
    .where('window_start', '=', windowStartOf(limit, now))
    .execute();
}

/** How many requests of a kind and subject the current window has counted so far. */
export async function countInWindow(db: Db, limit: CountedLimit, now: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_counts')
    .select('count')
    .where('bucket', '=', rateLimitBucket(limit))
    .where('window_start', '=', windowStartOf(limit, now))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Deletes the counts of windows that ended before `before`. */
export async function pruneRateLimits(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counts').where('window_start', '<', before.toISOString()).execute();
}
