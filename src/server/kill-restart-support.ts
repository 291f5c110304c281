/**
 * For the kill -9 tests: the real server (src/server/main.ts) as a child process on a test database on disk,
 * its built-in gateway as slow as a real one (kill-restart-server.ts), killed with SIGKILL while requests pour in
 * and started again, and the database as the test reads it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { loadDemoStore } from '../demo/load-demo-store.ts';
import { openDatabase, type Db } from './db/database.ts';
import { createTestDatabase, DEMO_NOW, testMediaStore, type TestDatabase } from './test-support.ts';

export interface Answer<T> {
  status: number;
  body: T;
}

export interface ShopProcess {
  database: TestDatabase;
  /** The key of the merchant's admin API the server was started with. */
  adminApiKey: string;
  /** Starts the server (again) and waits until it answers. */
  start(): Promise<void>;
  kill(signal: 'SIGKILL' | 'SIGTERM'): void;
  /** A JSON POST to the server; rejects when the connection is lost (the server was killed under it). */
  post<T>(url: string, body: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
  /** The database from the test's side: SQLite's file opened by this process too, or the PostgreSQL pool. */
  db(): Db;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A demo store of `productCount` products, filled further by `prepare`, served by main.ts once started. */
export async function createShopProcess(options: {
  productCount: number;
  prepare: (db: Db) => Promise<void>;
}): Promise<ShopProcess> {
  const database = await createTestDatabase({ onDisk: true });
  await loadDemoStore(database.db, {
    media: testMediaStore(database),
    brand: 'acme',
    productCount: options.productCount,
    now: DEMO_NOW,
  });
  await options.prepare(database.db);
  // The API only: a stand-in for the web app's build, which no request here reaches.
  const buildDir = path.join(database.dataDir, 'build');
  mkdirSync(path.join(buildDir, 'server'), { recursive: true });
  mkdirSync(path.join(buildDir, 'client'), { recursive: true });
  writeFileSync(path.join(buildDir, 'server', 'index.js'), 'export const routes = {};\n');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const adminApiKey = 'kill-test-admin-api-key';
  // The server opens the database itself; the test's SQLite connection is opened again when the test reads.
  if (database.dialect === 'sqlite') await database.db.destroy();
  let server: ChildProcess | null = null;
  let sqlite: Db | null = null;

  return {
    database,
    adminApiKey,
    async start() {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/kill-restart-server.ts'], {
        env: {
          ...process.env,
          DATA_DIR: database.dataDir,
          BUILD_DIR: buildDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'error',
          NODE_ENV: 'production',
          DATABASE_URL: database.databaseUrl ?? '',
          SEARCH_API_KEY: 'kill-test-search',
          SEARCH_ADMIN_KEY: 'kill-test-admin',
          ADMIN_API_KEY: adminApiKey,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      server = child;
      // A start on a busy machine (CI's, the tests' own load) can take well over the half minute of a quiet one.
      for (let waited = 0; waited < 90_000; waited += 100) {
        const healthy = await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) return;
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        await sleep(100);
      }
      throw new Error('the server did not start within 90 s');
    },
    kill(signal) {
      server?.kill(signal);
    },
    async post<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    db() {
      if (database.dialect !== 'sqlite') return database.db;
      sqlite ??= openDatabase({ databaseUrl: null, dataDir: database.dataDir }).db;
      return sqlite;
    },
    async close() {
      server?.kill('SIGKILL');
      if (database.dialect === 'sqlite') {
        await sqlite?.destroy();
        rmSync(database.dataDir, { recursive: true, force: true });
      } else {
        await database.close();
      }
    },
  };
}

/**
 * Waits until the restarted server's first sweep has finished what the kill left half-done: no checkout
 * attempt still authorizing or voiding, no card authorization left at the gateway or on an order, no gift card purchase still only
 * authorized, no refund still owed to a card.
 */
export async function waitForSweep(db: Db): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const left = await Promise.all([
      db
        .selectFrom('order_attempts')
        .select('idempotency_key')
        .where('status', 'in', ['authorizing', 'voiding'])
        .execute(),
      db.selectFrom('payments').select('id').where('status', '=', 'authorized').execute(),
      // A capture the gateway has made is written to the order in a transaction of its own, just after.
      db
        .selectFrom('order_payments')
        .select('id')
        .where('method', '=', 'card')
        .where('status', '=', 'authorized')
        .execute(),
      db.selectFrom('gift_card_purchases').select('id').where('payment_status', '=', 'authorized').execute(),
      db.selectFrom('gift_card_refunds').select('id').where('status', '=', 'pending').execute(),
      db.selectFrom('order_refunds').select('id').where('status', '=', 'pending').execute(),
    ]);
    if (left.every((rows) => rows.length === 0)) return;
    await sleep(100);
  }
}
