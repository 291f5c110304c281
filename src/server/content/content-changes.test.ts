import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support.ts';
import { followContentChanges, lastContentChangeSeq, recordContentChange } from './content-changes.ts';

describe('the content change counter', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('moves with each committed change, not with one rolled back', async () => {
    const { db } = database;
    const before = await lastContentChangeSeq(db);
    await db.transaction().execute((trx) => recordContentChange(trx));
    await expect(
      db.transaction().execute(async (trx) => {
        await recordContentChange(trx);
        throw new Error('the writer failed');
      }),
    ).rejects.toThrow('the writer failed');
    expect(await lastContentChangeSeq(db)).toBe(before + 1);
  });

  it('tells its follower of a change once, and nothing before', async () => {
    const { db } = database;
    let changes = 0;
    const follower = followContentChanges(db, {
      intervalMs: 10,
      onChange: () => (changes += 1),
      onError: (error) => {
        throw error;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toBe(0);
    await db.transaction().execute((trx) => recordContentChange(trx));
    await expect.poll(() => changes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toBe(1);
    await follower.stop();
  });
});
