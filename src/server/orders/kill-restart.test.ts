/**
 * The real server as a child process, killed with SIGKILL while orders pour in, then started again: every order
 * is whole (lines, payments, stock taken = lines) or absent, and once the restarted server's sweeper has run no
 * card authorization is left uncaptured or unvoided, and no charge exists without its order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, type Cart } from '../../shared/cart.ts';
import type { GetCartResponse } from '../../shared/bag-pricing.ts';
import type { CardToken } from '../../shared/order.ts';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { openDatabase } from '../db/database.ts';
import { createTestDatabase, DEMO_NOW, type TestDatabase } from '../test-support.ts';
import { DENVER, line, newKey } from './order-test-support.ts';

const ORDERS = 400;
const IN_FLIGHT = 16;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('kill -9 under order load, then restart', () => {
  let database: TestDatabase;
  let buildDir: string;
  let port: number;
  let server: ChildProcess | null = null;
  const skus: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
    await loadDemoStore(database.db, { mediaDir: path.join(database.dataDir, 'media'), brand: 'acme', productCount: 40, now: DEMO_NOW });
    const rows = await database.db.selectFrom('skus').select('sku').orderBy('sku').limit(5).execute();
    for (const row of rows) {
      skus.push(row.sku);
      await database.db.updateTable('skus').set({ qty: 1000 }).where('sku', '=', row.sku).execute();
    }
    // The API only: a stand-in for the web app's build, which no request here reaches.
    buildDir = path.join(database.dataDir, 'build');
    mkdirSync(path.join(buildDir, 'server'), { recursive: true });
    mkdirSync(path.join(buildDir, 'client'), { recursive: true });
    writeFileSync(path.join(buildDir, 'server', 'index.js'), 'export const routes = {};\n');
    port = await freePort();
    // The server opens the database itself; a SQLite file is closed here so only one process writes it at a time.
    if (database.dialect === 'sqlite') await database.db.destroy();
  }, 60_000);

  afterAll(async () => {
    server?.kill('SIGKILL');
    if (database.dialect === 'sqlite') {
      rmSync(database.dataDir, { recursive: true, force: true });
    } else {
      await database.close();
    }
  });

  const base = () => `http://127.0.0.1:${port}`;

  async function start(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let waited = 0; waited < 30_000; waited += 100) {
      const healthy = await fetch(`${base()}/healthz`).then((response) => response.ok, () => false);
      if (healthy) return child;
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not start within 30 s');
  }

  const post = async <T>(url: string, body: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${base()}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as T };
  };

  it('leaves every order whole or absent and no authorization behind', async () => {
    server = await start();
    const bags: Array<{ cart: Cart; expected: number }> = [];
    for (const [index, sku] of skus.entries()) {
      const cart: Cart = { ...emptyCart(), customer_email: `kill${index}@example.com`, shipping_address: DENVER, items: [line(sku, 1 + (index % 3))] };
      const priced = await post<GetCartResponse>('/session-api/checkout/get-cart', { cart });
      bags.push({ cart, expected: priced.body.updatedCart.totals.balance_due.amount });
    }
    const { body: tokenBody } = await post<{ data: CardToken }>('/session-api/checkout/card-token', { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' });
    const token = tokenBody.data.token;

    let sent = 0;
    let answered = 0;
    const worker = async () => {
      while (sent < ORDERS) {
        const bag = bags[sent++ % bags.length];
        if (!bag) return;
        try {
          await post('/session-api/checkout/place-order', { idempotency_key: newKey(), cart: bag.cart, payment: { token }, expected_balance_due: bag.expected });
          answered += 1;
        } catch {
          // The server was killed under this request.
        }
      }
    };
    const load = Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    while (answered < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    server.kill('SIGKILL');
    await load;
    expect(answered).toBeLessThan(ORDERS);

    server = await start();
    // The restarted server's first sweep voids or captures what the kill left.
    const { db } = database.dialect === 'sqlite' ? openDatabase({ databaseUrl: null, dataDir: database.dataDir }) : database;
    try {
      for (let waited = 0; waited < 20_000; waited += 100) {
        const open = await db.selectFrom('payments').select('id').where('status', '=', 'authorized').execute();
        const attempts = await db.selectFrom('order_attempts').select('idempotency_key').where('status', 'in', ['authorizing', 'voiding']).execute();
        if (open.length === 0 && attempts.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      server.kill('SIGTERM');

      const orders = await db.selectFrom('orders').select(['id', 'payment_reference', 'subtotal_cents', 'shipping_cents', 'tax_cents', 'discount_cents', 'status']).where('email', 'like', 'kill%').execute();
      expect(orders.length).toBeGreaterThanOrEqual(40);
      const lines = await db.selectFrom('order_lines').select(['order_id', 'sku', 'qty']).where('order_id', 'in', orders.map((order) => order.id)).execute();
      const payments = await db.selectFrom('order_payments').select(['order_id', 'reference', 'amount_cents', 'status']).where('order_id', 'in', orders.map((order) => order.id)).execute();
      for (const order of orders) {
        expect(lines.filter((row) => row.order_id === order.id).length, order.id).toBe(1);
        const card = payments.filter((payment) => payment.order_id === order.id);
        expect(card).toHaveLength(1);
        expect(card[0]).toMatchObject({ reference: order.payment_reference, status: 'captured', amount_cents: order.subtotal_cents - order.discount_cents + order.shipping_cents + order.tax_cents });
        expect(order.status).toBe('paid');
      }
      for (const sku of skus) {
        const taken = lines.filter((row) => row.sku === sku).reduce((sum, row) => sum + row.qty, 0);
        const { qty } = await db.selectFrom('skus').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow();
        expect(qty, sku).toBe(1000 - taken);
      }
      const charges = await db.selectFrom('payments').select(['id', 'status']).execute();
      expect(charges.filter((charge) => charge.status === 'authorized')).toEqual([]);
      const captured = charges.filter((charge) => charge.status === 'captured').map((charge) => charge.id).sort();
      expect(captured).toEqual(orders.map((order) => order.payment_reference).sort());
    } finally {
      if (database.dialect === 'sqlite') await db.destroy();
    }
  }, 60_000);
});
