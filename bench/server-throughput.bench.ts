/**
 * Server throughput against `npm start` with the demo store: autocannon at 10 connections on /healthz, the home
 * page, a shop page, a product page and get-cart (10 lines and a promo code), each for a few seconds after a
 * warm-up, as anonymous visitors whose browser takes gzip and brotli.
 * Budgets (issue P1, item 2), as ratios to /healthz in the same run: pages at least 0.1, get-cart at least 0.3,
 * and a p99 under 100 ms on every page. The same pages rendered afresh each time (a query parameter no page
 * shares bypasses the cache of rendered pages) are reported beside them, without a budget.
 * Run: node --import tsx bench/server-throughput.bench.ts (BENCH_SECONDS=8, BENCH_PORT=3712)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { getCartEndpoint } from '../src/shared/api/bag.ts';
import type { GetCartResponse } from '../src/shared/bag-pricing.ts';
import { emptyCart, type Cart } from '../src/shared/cart.ts';
import { reportFigures, type Figure } from './report.ts';
import { stockedLines } from './demo-bag.ts';
import { startShop, stopShop } from './start-shop.ts';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PAGE_RATIO_BUDGET = 0.1;
const GET_CART_RATIO_BUDGET = 0.3;
const PAGE_P99_BUDGET_MS = 100;
const CART_LINES = 10;
const PROMO_CODE = 'WELCOME10';
const port = Number(process.env.BENCH_PORT ?? 3712);
const origin = `http://127.0.0.1:${port}`;
/** What a browser sends: the answers are compressed as a shopper's are. */
const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
};

interface Load {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
}

async function run(load: Load, seconds: number): Promise<Measured> {
  const headers =
    load.body === undefined ? BROWSER_HEADERS : { ...BROWSER_HEADERS, 'content-type': 'application/json' };
  const result = await autocannon({
    url: `${origin}${load.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: load.method ?? 'GET',
    headers,
    ...(load.body === undefined ? {} : { body: load.body }),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(
      `${load.name}: ${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

async function getJson<T>(pagePath: string): Promise<T> {
  const response = await fetch(`${origin}${pagePath}`);
  if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A bag of CART_LINES products in stock with the promo code, priced once so its lines are as the bag keeps them. */
async function bagBody(): Promise<string> {
  const items = await stockedLines(origin, CART_LINES);
  const cart: Cart = { ...emptyCart(), items, promo_code_code: PROMO_CODE };
  const response = await fetch(`${origin}${getCartEndpoint.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cart }),
  });
  if (!response.ok) throw new Error(`get-cart answered ${response.status}: ${await response.text()}`);
  const priced = (await response.json()) as GetCartResponse;
  if (priced.updatedCart.items.length !== CART_LINES || priced.updatedCart.promo_code_code !== PROMO_CODE) {
    throw new Error('get-cart did not keep the bag’s lines and promo code');
  }
  return JSON.stringify({ cart: priced.updatedCart });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-throughput-'));
const shop = await startShop(port, dataDir);
const figures: Figure[] = [];
try {
  const productPath = (await getJson<{ data: { url: string } }>('/api/products/10001')).data.url;
  const pages: Load[] = [
    { name: 'home', path: '/' },
    { name: 'shop page', path: '/shop/women' },
    { name: 'product page', path: productPath },
  ];
  const getCart: Load = {
    name: 'get-cart (10 lines, promo)',
    path: getCartEndpoint.path,
    method: 'POST',
    body: await bagBody(),
  };
  const loads = [{ name: '/healthz', path: '/healthz' }, ...pages, getCart];
  for (const load of loads) await run(load, 2);

  const healthz = await run({ name: '/healthz', path: '/healthz' }, SECONDS);
  figures.push({ measure: '/healthz', value: Math.round(healthz.requestsPerSecond), unit: 'req/s' });
  const ratio = (measured: Measured) => Number((measured.requestsPerSecond / healthz.requestsPerSecond).toFixed(3));
  for (const page of pages) {
    const measured = await run(page, SECONDS);
    figures.push(
      {
        measure: `${page.name}: of /healthz`,
        value: ratio(measured),
        unit: '×',
        budget: { limit: PAGE_RATIO_BUDGET, direction: '>=' },
      },
      { measure: `${page.name}`, value: Math.round(measured.requestsPerSecond), unit: 'req/s' },
      {
        measure: `${page.name}: p99`,
        value: measured.p99Ms,
        unit: 'ms',
        budget: { limit: PAGE_P99_BUDGET_MS, direction: '<=' },
      },
    );
  }
  const cart = await run(getCart, SECONDS);
  figures.push(
    {
      measure: `${getCart.name}: of /healthz`,
      value: ratio(cart),
      unit: '×',
      budget: { limit: GET_CART_RATIO_BUDGET, direction: '>=' },
    },
    { measure: getCart.name, value: Math.round(cart.requestsPerSecond), unit: 'req/s' },
    { measure: `${getCart.name}: p99`, value: cart.p99Ms, unit: 'ms' },
  );
  // A parameter no page shares is never answered from the cache: what a render costs.
  for (const page of pages) {
    const fresh = await run({ name: `${page.name} rendered`, path: `${page.path}?bench=rendered` }, SECONDS);
    figures.push(
      { measure: `${page.name} rendered afresh`, value: Math.round(fresh.requestsPerSecond), unit: 'req/s' },
      { measure: `${page.name} rendered afresh: p99`, value: fresh.p99Ms, unit: 'ms' },
    );
  }
} finally {
  await stopShop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `autocannon, ${CONNECTIONS} connections, ${SECONDS} s a measure, anonymous visitors taking gzip and brotli`,
);
process.exit(reportFigures('server-throughput', figures) > 0 ? 1 : 0);
