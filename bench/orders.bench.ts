/**
 * Benchmark of placing orders on the embedded SQLite database with synchronous=FULL (each commit reaches the
 * disk), through the app's own routes (inject), against the rate of the bag's get-cart in the same run. Each
 * order is a guest order paid by card with the built-in gateway: claim, authorize, the order's transaction,
 * capture and the paid status, five commits. Reports through bench/report.ts; exits non-zero when a budget is missed.
 * Run: node --import tsx bench/orders.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { FolderMediaStore } from '../src/server/media/folder-media-store.ts';
import { loadDemoStore } from '../src/demo/load-demo-store.ts';
import { emptyCart, type Cart } from '../src/shared/cart.ts';
import type { GetCartResponse } from '../src/shared/bag-pricing.ts';
import type { CardToken } from '../src/shared/order.ts';
import { DENVER, line, newKey } from '../src/server/orders/order-test-support.ts';
import { reportFigures } from './report.ts';

const ORDERS = 1000;
const GET_CARTS = 1000;
const IN_FLIGHT = 8;
const ORDERS_PER_SECOND_BUDGET = 100;

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-orders-'));
const database = openDatabase({ databaseUrl: null, dataDir });
await migrateToLatest(database.db);
await loadDemoStore(database.db, {
  media: new FolderMediaStore(path.join(dataDir, 'media')),
  brand: 'acme',
  productCount: 60,
});
const skus = (await database.db.selectFrom('skus').select('sku').orderBy('sku').limit(20).execute()).map(
  (row) => row.sku,
);
await database.db.updateTable('skus').set({ qty: 100_000 }).where('sku', 'in', skus).execute();

const config = {
  ...loadConfig({ DATA_DIR: dataDir, SEARCH_API_KEY: 'bench-search', SEARCH_ADMIN_KEY: 'bench-admin' }),
  logLevel: 'warn',
};
const app = await buildApp({ config, database, logger: false });

const post = async <T>(url: string, payload: unknown): Promise<T> => {
  const response = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
};

const bags: Array<{ cart: Cart; expected: number }> = [];
for (const [index, sku] of skus.entries()) {
  const cart: Cart = {
    ...emptyCart(),
    customer_email: `bench${index}@example.com`,
    shipping_address: DENVER,
    items: [line(sku, 1 + (index % 3))],
  };
  const priced = await post<GetCartResponse>('/session-api/checkout/get-cart', { cart });
  bags.push({ cart, expected: priced.updatedCart.totals.balance_due.amount });
}
const { data: card } = await post<{ data: CardToken }>('/session-api/checkout/card-token', {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: 2040,
  cvc: '123',
});

/** Runs count calls, IN_FLIGHT at a time, and answers the calls per second. */
async function rate(count: number, call: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await call(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const bagOf = (index: number) => bags[index % bags.length] as { cart: Cart; expected: number };
// Warm up both paths.
await rate(50, (index) => post('/session-api/checkout/get-cart', { cart: bagOf(index).cart }));
await rate(20, (index) =>
  post('/session-api/checkout/place-order', {
    idempotency_key: newKey(),
    cart: bagOf(index).cart,
    payment: { token: card.token },
    expected_balance_due: bagOf(index).expected,
  }),
);

const getCartRate = await rate(GET_CARTS, (index) =>
  post('/session-api/checkout/get-cart', { cart: bagOf(index).cart }),
);
const orderRate = await rate(ORDERS, (index) =>
  post('/session-api/checkout/place-order', {
    idempotency_key: newKey(),
    cart: bagOf(index).cart,
    payment: { token: card.token },
    expected_balance_due: bagOf(index).expected,
  }),
);
const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);

await app.close();
await database.db.destroy();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `SQLite synchronous=${rows[0]?.synchronous === 2 ? 'FULL' : String(rows[0]?.synchronous)}, ${IN_FLIGHT} requests in flight`,
);
const missed = reportFigures('orders', [
  { measure: 'get-cart', value: getCartRate, unit: '/s' },
  {
    measure: 'place-order (card, built-in gateway)',
    value: orderRate,
    unit: '/s',
    budget: { limit: ORDERS_PER_SECOND_BUDGET, direction: '>=' },
  },
  { measure: 'orders per get-cart', value: orderRate / getCartRate, unit: '' },
]);
process.exit(missed ? 1 : 0);
