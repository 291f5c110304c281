/**
 * The shop under the search attacks of issue S2: `npm start` on the demo store, 50 connections sending the worst
 * multi_search the search-only key may send (50 typo searches at the caps, every searchable field), and meanwhile
 * /healthz and page renders timed one after the other. Budget: /healthz and the pages that do not wait for a
 * search (home, a product page), as the cache of rendered pages answers them and rendered afresh, answer within
 * 100 ms at p95; the shop page, whose render runs a search of its own, is printed. The attackers run in a thread of their own, so the pages' timings never wait behind their
 * answers in this thread.
 * Run: node --import tsx bench/search-abuse-load.bench.ts (BENCH_PORT, default 3712; BENCH_SECONDS, default 15)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { searchConfigEndpoint } from '../src/shared/api/catalogue.ts';
import { PRODUCTS_COLLECTION } from '../src/shared/site-search.ts';
import { SEARCH_CAPS } from '../src/server/search/bounds/search-caps.ts';
import { type Figure, reportFigures } from './report.ts';
import { startShop, stopShop } from './start-shop.ts';

const PAGE_BUDGET_MS = 100;
const CONNECTIONS = 50;
const port = Number(process.env.BENCH_PORT ?? 3712);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const origin = `http://127.0.0.1:${port}`;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const words = Array.from(
  { length: 64 },
  (_, index) => `${LETTERS.charAt(index % 26)}${'aeiou'.charAt(index % 5)}`,
).join(' ');

/** The worst multi_search the search-only key may send: the issue's, within the caps. */
function attackBody(queryBy: string): string {
  const search = {
    collection: PRODUCTS_COLLECTION,
    q: words,
    query_by: queryBy,
    num_typos: 2,
    min_len_1typo: 0,
    min_len_2typo: 0,
    max_candidates: SEARCH_CAPS.maxCandidates,
    typo_tokens_threshold: 4294967295,
    drop_tokens_threshold: 4294967295,
    per_page: 250,
    facet_by: '*',
  };
  return JSON.stringify({ searches: Array.from({ length: 50 }, () => search) });
}

/** What the attacking thread reports when told to stop. */
interface AttackReport {
  times: number[];
  statuses: number[];
}

/** The attackers: each connection sends the body again as soon as its answer has arrived, until told to stop. */
const ATTACKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, body, connections } = workerData;
let running = true;
const times = [];
const statuses = [];
parentPort.on('message', () => { running = false; });
const attacker = async () => {
  while (running) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain', 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.push(response.status);
  }
};
Promise.all(Array.from({ length: connections }, attacker)).then(() => parentPort.postMessage({ times, statuses }));
`;

const percentile = (samples: number[], fraction: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? Number.NaN;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - started;
}

/** How the searches of one attacking multi_search were answered: with hits, cut off with hits, or out of time (408). */
async function checkAttack(url: string, body: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
  const { results } = (await response.json()) as {
    results: Array<{ code?: number; error?: string; search_cutoff?: boolean }>;
  };
  const refused = results.find((result) => result.code !== undefined && result.code !== 408);
  if (refused) throw new Error(`The attack is refused, so it measures nothing: ${refused.code} ${refused.error}`);
  const outOfTime = results.filter((result) => result.code === 408).length;
  const cutOff = results.filter((result) => result.search_cutoff === true).length;
  return `${results.length - outOfTime - cutOff} answered in full, ${cutOff} cut off, ${outOfTime} out of time (408)`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-search-abuse-'));
const shop = await startShop(port, dataDir);
let missed = 0;
try {
  const searchKey = readFileSync(path.join(dataDir, 'search-api-key'), 'utf8').trim();
  const config = searchConfigEndpoint.data.parse(
    ((await (await fetch(`${origin}/api/typesense-config`)).json()) as { data: unknown }).data,
  );
  const queryBy = config.attributes
    .filter((attribute) => attribute.searchable)
    .map((attribute) => attribute.name)
    .join(',');
  const product = (await (await fetch(`${origin}/api/products/10001`)).json()) as { data: { url: string } };
  // A query the rendered-page cache never keeps (decision 019) makes the server render the page again each time.
  const pages: Record<string, string> = {
    '/healthz': '/healthz',
    home: '/',
    product: product.data.url,
    shop: '/shop/men',
    'home rendered afresh': '/?render=fresh',
    'product rendered afresh': `${product.data.url}?render=fresh`,
  };
  for (const page of Object.values(pages)) await timed(`${origin}${page}`);
  // The same pages without the attack first: on a shared machine they are the yardstick.
  const quiet: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  for (let round = 0; round < 10; round++) {
    for (const [name, page] of Object.entries(pages)) quiet[name]?.push(await timed(`${origin}${page}`));
  }

  const body = attackBody(queryBy);
  const url = `${origin}/search/multi_search?x-typesense-api-key=${encodeURIComponent(searchKey)}&limit_multi_searches=1000000`;
  const oneAttack = await checkAttack(url, body);
  const attackers = new Worker(ATTACKER, { eval: true, workerData: { url, body, connections: CONNECTIONS } });
  const attackReport = new Promise<AttackReport>((resolve, reject) => {
    attackers.once('message', resolve);
    attackers.once('error', reject);
  });

  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  const ends = performance.now() + seconds * 1000;
  while (performance.now() < ends) {
    for (const [name, page] of Object.entries(pages)) samples[name]?.push(await timed(`${origin}${page}`));
  }
  attackers.postMessage('stop');
  const attacks = await attackReport;
  await attackers.terminate();

  const statuses = [...new Set(attacks.statuses)].join(', ');
  console.log(
    `${attacks.times.length} attacking multi_searches in ${seconds} s over ${CONNECTIONS} connections (HTTP ${statuses});`,
  );
  console.log(`before the attack, one of them: ${oneAttack}\n`);
  const figures: Figure[] = [
    { measure: 'attacking multi_searches answered a second', value: attacks.times.length / seconds, unit: '/s' },
    { measure: 'attacking multi_search, median answer', value: percentile(attacks.times, 0.5), unit: 'ms' },
  ];
  for (const [name, times] of Object.entries(samples)) {
    const budgeted = !name.startsWith('shop');
    figures.push(
      {
        measure: `${name} during the attack, p50 (${times.length} requests)`,
        value: percentile(times, 0.5),
        unit: 'ms',
      },
      {
        measure: `${name} during the attack, p95`,
        value: percentile(times, 0.95),
        unit: 'ms',
        ...(budgeted ? { budget: { limit: PAGE_BUDGET_MS, direction: '<=' as const } } : {}),
      },
      { measure: `${name} without the attack, p50`, value: percentile(quiet[name] ?? [], 0.5), unit: 'ms' },
    );
  }
  missed = reportFigures('search-abuse-load', figures);
} finally {
  await stopShop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
