/**
 * The content change counter: every writer of what pages show besides products (site content and its blocks,
 * posts, the website config and sitewide messages, navigation, size charts, contests) raises it in the same
 * transaction, and each server's cache of rendered pages follows it, whichever process wrote. Product data has
 * its own feed (catalogue/product-changes.ts), which the search index follows too.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Records that content changed. Call it in the writing transaction, so the change and its record commit together. */
export async function recordContentChange(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('content_change_counter')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** How many content changes have been committed. */
export async function lastContentChangeSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('content_change_counter').select('seq').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.seq);
}

export interface ContentChangeFollower {
  stop(): Promise<void>;
}

/**
 * Reads the counter every intervalMs and calls onChange when it moved. A failed read is tried again at the next
 * interval, so a database that comes back is followed again; onError hears the first failure of a run, so a
 * database restart of half a minute is one line in the log rather than 120.
 */
export function followContentChanges(
  db: Db,
  options: { intervalMs: number; onChange: () => void; onError: (error: unknown) => void },
): ContentChangeFollower {
  let seen: number | null = null;
  let stopped = false;
  let round: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failing = false;
  const check = async () => {
    try {
      const seq = await lastContentChangeSeq(db);
      failing = false;
      if (seen !== null && seq !== seen) options.onChange();
      seen = seq;
    } catch (error) {
      if (!failing) options.onError(error);
      failing = true;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = check().finally(() => {
        round = null;
        schedule();
      });
    }, options.intervalMs);
  };
  round = check().finally(() => {
    round = null;
    schedule();
  });
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}
