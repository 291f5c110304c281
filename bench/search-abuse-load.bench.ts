/**
 * The shop under the search attacks of issue S2: `npm start` on the demo store, 50 connections sending the worst
 * multi_search the search-only key may send (50 typo searches at the caps), and meanwhile /healthz and page
 * renders timed one after the other. Budget: /healthz and the pages that do not wait for a search (home, a
 * product page) answer within 100 ms at p95; the shop page, whose render runs a search of its own, is printed.
 * Run: node --import tsx bench/search-abuse-load.bench.ts (BENCH_PORT, default 3712; BENCH_SECONDS, default 15)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCTS_COLLECTION } from '../src/shared/site-search.ts';
import { SEARCH_CAPS } from '../src/server/search/search-params.ts';
import { startShop, stopShop } from './start-shop.ts';

const PAGE_BUDGET_MS = 100;
const CONNECTIONS = 50;
const port = Number(process.env.BENCH_PORT ?? 3712);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const origin = `http://127.0.0.1:${port}`;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const words = Array.from({ length: 64 }, (_, index) => `${LETTERS.charAt(index % 26)}${'aeiou'.charAt(index % 5)}`).join(' ');

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

const percentile = (samples: number[], fraction: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? Number.NaN;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - started;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-search-abuse-'));
const shop = await startShop(port, dataDir);
let missed = 0;
try {
  const searchKey = readFileSync(path.join(dataDir, 'search-api-key'), 'utf8').trim();
  const config = (await (await fetch(`${origin}/api/typesense-config`)).json()) as { data: { attributes: Array<{ field: string; searchable?: boolean }> } };
  const queryBy = config.data.attributes.filter((attribute) => attribute.searchable !== false).map((attribute) => attribute.field).join(',');
  const product = (await (await fetch(`${origin}/api/products/10001`)).json()) as { data: { url: string } };
  const pages: Record<string, string> = { '/healthz': '/healthz', home: '/', product: product.data.url, shop: '/shop/men' };
  for (const page of Object.values(pages)) await timed(`${origin}${page}`);
  // The same pages without the attack first: on a shared machine they are the yardstick.
  const quiet: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  for (let round = 0; round < 10; round++) {
    for (const [name, page] of Object.entries(pages)) quiet[name]?.push(await timed(`${origin}${page}`));
  }

  const body = attackBody(queryBy);
  const url = `${origin}/search/multi_search?x-typesense-api-key=${encodeURIComponent(searchKey)}&limit_multi_searches=1000000`;
  let running = true;
  const attacks: { ms: number; status: number }[] = [];
  const attacker = async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
      await response.arrayBuffer();
      attacks.push({ ms: performance.now() - started, status: response.status });
    }
  };
  const attackers = Array.from({ length: CONNECTIONS }, attacker);

  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  const ends = performance.now() + seconds * 1000;
  while (performance.now() < ends) {
    for (const [name, page] of Object.entries(pages)) samples[name]?.push(await timed(`${origin}${page}`));
  }
  running = false;
  await Promise.all(attackers);

  const statuses = [...new Set(attacks.map((attack) => attack.status))].join(', ');
  console.log(`${attacks.length} attacking multi_searches in ${seconds} s over ${CONNECTIONS} connections (HTTP ${statuses}),`);
  console.log(`each answered in ${percentile(attacks.map((attack) => attack.ms), 0.5).toFixed(0)} ms (median)\n`);
  console.log('| meanwhile | p50 | p95 | max | without the attack, p50 | budget | |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [name, times] of Object.entries(samples)) {
    const p95 = percentile(times, 0.95);
    const budgeted = name !== 'shop';
    const ok = !budgeted || p95 <= PAGE_BUDGET_MS;
    if (!ok) missed++;
    console.log(
      `| ${name} (${times.length}) | ${percentile(times, 0.5).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${percentile(quiet[name] ?? [], 0.5).toFixed(1)} ms | ${budgeted ? `p95 <= ${PAGE_BUDGET_MS} ms` : ''} | ${budgeted ? (ok ? 'ok' : 'MISSED') : ''} |`,
    );
  }
} finally {
  await stopShop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
