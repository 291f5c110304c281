/**
 * Request limits counted in the database (rate_limit_counts), so they hold across restarts and across the
 * shop's servers: each request adds one to its bucket's count for the current fixed window, in one statement.
 */
import type { Db } from '../db/database.ts';

export interface RateLimit {
  /** What is counted, e.g. `lookup-ip:203.0.113.9` or `lookup-email:a@b.example`. */
  bucket: string;
  max: number;
  windowMs: number;
}

/** Counts this request in each bucket; false when any bucket is past its limit. */
export async function withinRateLimits(db: Db, limits: readonly RateLimit[], now: Date): Promise<boolean> {
  let within = true;
  for (const limit of limits) {
    const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs).toISOString();
    const { count } = await db
      .insertInto('rate_limit_counts')
      .values({ bucket: limit.bucket, window_start: windowStart, count: 1 })
      .onConflict((conflict) => conflict.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limit_counts.count', '+', 1) })))
      .returning('count')
      .executeTakeFirstOrThrow();
    if (count > limit.max) within = false;
  }
  return within;
}

/** Deletes the counts of windows that ended before `before`. */
export async function pruneRateLimits(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counts').where('window_start', '<', before.toISOString()).execute();
}
