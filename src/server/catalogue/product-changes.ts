/**
 * The product change feed: every writer of product data (products, skus, images, tags, curated blocks, Product
 * blocks, facet groups) records what it changed in the same transaction, and each server's search indexer
 * follows the feed, whichever process wrote. See search-index/README.md.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Three parameters a row: well under both databases' limits on one statement. */
const ROWS_PER_INSERT = 1000;

export interface ProductChange {
  seq: number;
  /** Null: every product may have changed. */
  product_id: string | null;
}

/**
 * Records that these products' search documents may have changed. Call it last in the transaction: from here
 * until commit the transaction holds the feed's counter row, so other writers of product data wait for it.
 */
export async function recordProductChanges(trx: Transaction<Database>, productIds: readonly string[]): Promise<void> {
  await append(trx, [...new Set(productIds)]);
}

/**
 * Records that any product may have changed: for what many documents are made of, such as a Product block's
 * tags (page_block_slugs), a curated block, a facet group or tag, or a reload of the whole catalogue.
 */
export async function recordCatalogueChange(trx: Transaction<Database>): Promise<void> {
  await append(trx, [null]);
}

async function append(trx: Transaction<Database>, productIds: ReadonlyArray<string | null>): Promise<void> {
  if (productIds.length === 0) return;
  // Updating the counter row locks it until commit, so changes commit in seq order and a rolled-back
  // transaction returns its numbers: a reader that has seen seq n has seen every change up to n.
  const { seq: last } = await trx
    .updateTable('product_change_counter')
    .set((eb) => ({ seq: eb('seq', '+', productIds.length) }))
    .where('id', '=', 1)
    .returning('seq')
    .executeTakeFirstOrThrow();
  const first = Number(last) - productIds.length + 1;
  const changedAt = new Date().toISOString();
  const rows = productIds.map((productId, index) => ({
    seq: first + index,
    product_id: productId,
    changed_at: changedAt,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('product_changes')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}

/** The number of the last committed change: a reader that starts from it misses nothing after. */
export async function lastProductChangeSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('product_change_counter').select('seq').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** Committed changes after `afterSeq`, oldest first. */
export async function readProductChanges(db: Db, afterSeq: number, limit: number): Promise<ProductChange[]> {
  const rows = await db
    .selectFrom('product_changes')
    .select(['seq', 'product_id'])
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ seq: Number(row.seq), product_id: row.product_id }));
}

/** Deletes changes recorded before `before`; a reader that falls behind them sees a gap and rebuilds. */
export async function pruneProductChanges(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('product_changes')
    .where('changed_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
