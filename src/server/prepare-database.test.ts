import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDemoStore } from '../demo/demo-store.ts';
import { openDatabase, type OpenedDatabase } from './db/database.ts';
import { prepareDatabase } from './prepare-database.ts';
import { DEMO_NOW } from './test-support.ts';

/** A database nobody has migrated: a new one on the PostgreSQL run's server, or SQLite's file in dataDir. */
async function emptyDatabaseUrl(): Promise<{ url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: null, drop: async () => undefined };
  const name = `shop_start_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

describe('prepareDatabase: servers started together on an empty database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('migrates and loads the demo store once: the others wait for the lock, then find the store', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-start-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const { url, drop } = await emptyDatabaseUrl();
    cleanups.push(drop);
    const servers: OpenedDatabase[] = [1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir }));
    cleanups.push(async () => {
      for (const server of servers) await server.db.destroy();
    });
    const { websiteConfig } = generateDemoStore({ brand: 'acme', productCount: 1, now: DEMO_NOW });
    let loads = 0;

    const started = await Promise.all(
      servers.map((server) =>
        prepareDatabase(server, {
          dataDir,
          // As the demo's load: it takes a while, then writes the store's rows, the configuration's among them.
          loadDemoStore: async () => {
            loads += 1;
            await sleep(300);
            await server.db
              .transaction()
              .execute((trx) => trx.insertInto('website_config').values(websiteConfig).execute());
          },
        }),
      ),
    );

    expect(started.map((start) => start.loadedDemoStore).sort()).toEqual([false, false, true]);
    expect(loads).toBe(1);
    const [first] = servers;
    expect(await first?.db.selectFrom('website_config').select('id').execute()).toEqual([{ id: 1 }]);
    // And a server started later finds it all there.
    expect(
      await prepareDatabase(servers[1] as OpenedDatabase, { dataDir, loadDemoStore: async () => undefined }),
    ).toEqual({
      loadedDemoStore: false,
    });
  });
});
