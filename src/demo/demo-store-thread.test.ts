import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { isDatabaseEmpty, loadDemoStoreInThread } from './demo-store-thread.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'demo-thread-'));
const { db } = openDatabase({ databaseUrl: null, dataDir });

afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

it('loads the demo store into the server database from a thread of its own', async () => {
  await migrateToLatest(db);
  expect(await isDatabaseEmpty(db)).toBe(true);
  const summary = await loadDemoStoreInThread({
    databaseUrl: null,
    dataDir,
    media: { kind: 'folder', dir: path.join(dataDir, 'media') },
    brand: 'acme',
    productCount: 12,
  });
  expect(summary.products).toBe(12);
  const products = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(products.n)).toBe(12);
  expect(await isDatabaseEmpty(db)).toBe(false);
});

it('fails when the thread cannot load it, and leaves the database as it was', async () => {
  await expect(
    loadDemoStoreInThread({
      databaseUrl: null,
      dataDir,
      media: { kind: 'folder', dir: path.join(dataDir, 'media') },
      brand: 'acme',
      productCount: 12,
    }),
  ).rejects.toThrow();
  const products = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(products.n)).toBe(12);
});
