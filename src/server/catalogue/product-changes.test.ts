import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support.ts';
import {
  lastProductChangeSeq,
  pruneProductChanges,
  readProductChanges,
  recordCatalogueChange,
  recordProductChanges,
} from './product-changes.ts';

describe('the product change feed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('numbers changes densely, once per product, and a rolled-back transaction gives its numbers back', async () => {
    const { db } = database;
    const before = await lastProductChangeSeq(db);
    await db.transaction().execute((trx) => recordProductChanges(trx, ['a', 'b', 'a']));
    await expect(
      db.transaction().execute(async (trx) => {
        await recordProductChanges(trx, ['lost']);
        throw new Error('the writer failed');
      }),
    ).rejects.toThrow('the writer failed');
    await db.transaction().execute((trx) => recordCatalogueChange(trx));
    expect(await readProductChanges(db, before, 10)).toEqual([
      { seq: before + 1, product_id: 'a' },
      { seq: before + 2, product_id: 'b' },
      { seq: before + 3, product_id: null },
    ]);
    expect(await lastProductChangeSeq(db)).toBe(before + 3);
    expect(await readProductChanges(db, before + 1, 1)).toEqual([{ seq: before + 2, product_id: 'b' }]);
  });

  it('prunes changes recorded before a time', async () => {
    const { db } = database;
    await db.transaction().execute((trx) => recordProductChanges(trx, ['c']));
    expect(await pruneProductChanges(db, new Date(Date.now() - 60_000))).toBe(0);
    expect(await pruneProductChanges(db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await readProductChanges(db, 0, 10)).toEqual([]);
  });

  // SQLite has one writer, so only PostgreSQL can commit two writers out of order.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'makes a later writer wait, so a reader never sees a change before an earlier one',
    async () => {
      const { db } = database;
      const before = await lastProductChangeSeq(db);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = db.transaction().execute(async (trx) => {
        await recordProductChanges(trx, ['first']);
        await held;
      });
      await sleep(50);
      const second = db.transaction().execute((trx) => recordProductChanges(trx, ['second']));
      await sleep(50);
      expect(await readProductChanges(db, before, 10)).toEqual([]);
      release();
      await Promise.all([first, second]);
      expect(await readProductChanges(db, before, 10)).toEqual([
        { seq: before + 1, product_id: 'first' },
        { seq: before + 2, product_id: 'second' },
      ]);
    },
  );
});
