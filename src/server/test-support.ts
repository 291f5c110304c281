/**
 * Builds the app on a fresh database for a test file: an in-memory SQLite database by default, or a new
 * PostgreSQL database on the server named by TEST_DATABASE_URL (the PostgreSQL run of the suite).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadDemoStore } from '../demo/load-demo-store.ts';
import { buildApp, type AppOptions } from './app.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { migrateToLatest, openDatabase, type Db, type OpenedDatabase } from './db/database.ts';
import { FolderMediaStore } from './media/folder-media-store.ts';
import type { MediaStore } from './media/media-store.ts';
import type { PaymentGateway } from './payments/payment-gateway.ts';
import { SearchEngine } from './search/engine.ts';

export interface TestDatabase extends OpenedDatabase {
  dataDir: string;
  /** The PostgreSQL database's URL; null for SQLite. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/** onDisk: SQLite in its file under dataDir (where a server started with that DATA_DIR finds it), not in memory. */
export async function createTestDatabase(options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const opened = openDatabase({ databaseUrl: null, dataDir, sqliteFile: options.onDisk ? undefined : ':memory:' });
    await migrateToLatest(opened.db);
    return {
      ...opened,
      dataDir,
      databaseUrl: null,
      async close() {
        await opened.db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = openDatabase({ databaseUrl: url.toString(), dataDir });
  await migrateToLatest(opened.db);
  return {
    ...opened,
    dataDir,
    databaseUrl: url.toString(),
    async close() {
      await opened.db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pool's end resolves before its sockets have closed; a forced drop would kill a connection still
      // saying goodbye, and its client would raise the server's termination as an unhandled error.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await cleanup.query<{ open: number }>(
          'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if ((rows[0]?.open ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ DATA_DIR: dataDir, SEARCH_API_KEY: 'test-search-key', SEARCH_ADMIN_KEY: 'test-admin-key' }),
    ...overrides,
  };
}

export interface TestAppOptions extends Partial<Omit<AppOptions, 'database'>> {
  /** Settings that differ from testConfig's, for a config made on the test database's folder. */
  configOverrides?: Partial<ServerConfig>;
  /** Fills the database before the app is built, so the search index is built from it. */
  prepare?: (database: TestDatabase) => Promise<void>;
  /**
   * Runs the embedded search engine in worker threads, as the shop does. Otherwise it runs in the test's
   * thread: a worker costs each app a start of its own (loading the engine and Fastify again).
   */
  searchInWorkers?: boolean;
  /** Makes the card gateway on the test's database (the Stripe adapter keeps its Customers there). */
  paymentGatewayFor?: (db: Db) => PaymentGateway;
}

export async function createTestApp({
  prepare,
  configOverrides,
  searchInWorkers = false,
  paymentGatewayFor,
  ...options
}: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const config = options.config ?? testConfig(database.dataDir, configOverrides);
  await prepare?.(database);
  const searchEngine = options.searchEngine ?? (searchInWorkers ? undefined : new SearchEngine());
  const paymentGateway = options.paymentGateway ?? paymentGatewayFor?.(database.db);
  const app = await buildApp({ logger: false, ...options, paymentGateway, searchEngine, config, database });
  return {
    app,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The media store an app on this database's folder serves with testConfig's settings: DATA_DIR/media. */
export function testMediaStore(database: { dataDir: string }): MediaStore {
  return new FolderMediaStore(path.join(database.dataDir, 'media'));
}

/** The day the demo stores of the tests are built around, so their dates never drift. */
export const DEMO_NOW = new Date('2026-11-01T12:00:00Z');

/** The app on a fresh database holding a small demo store (indexed before the app answers). */
export function createDemoTestApp(productCount = 120, options: TestAppOptions = {}) {
  return createTestApp({
    ...options,
    prepare: async (database) => {
      await loadDemoStore(database.db, {
        media: testMediaStore(database),
        brand: 'acme',
        productCount,
        now: DEMO_NOW,
        orderLinks: testConfig(database.dataDir),
      });
    },
  });
}
