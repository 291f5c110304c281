/**
 * Issue 26, item 12, against `npm start` with the demo store: what visits that used to skip or stampede the cache
 * of rendered pages cost the rest of the shop.
 * - /healthz's mean latency (one connection) while 20 connections ask for a shop page with a random utm_x, as a
 *   ratio to /healthz alone (it was 75 times) and to /healthz beside 20 connections asking for the kept page
 *   itself: the budget, as one event loop serving 20 connections of anything slows /healthz alone by far more
 *   than kept pages cost. Beside them, without a budget, 20 connections with a random parameter no page reads
 *   (rendered afresh, within the render slots).
 * - 50 connections asking at once for the home page just past its time in the cache (none had an answer within
 *   8 s): how long until every one has its answer, and how many failed.
 * Run: node --import tsx bench/page-cache-abuse.bench.ts (BENCH_SECONDS=8, BENCH_PORT=3714); it waits out a
 * kept page's minute once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { PAGE_CACHE_LIMITS } from '../src/server/http/page-cache.ts';
import { reportFigures, type Figure } from './report.ts';
import { startShop, stopShop } from './start-shop.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const port = Number(process.env.BENCH_PORT ?? 3714);
const origin = `http://127.0.0.1:${port}`;
const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
};
const ATTACK_CONNECTIONS = 20;
const STAMPEDE_CONNECTIONS = 50;
/** /healthz beside the tracking-parameter flood, at most this many times its latency beside the kept page's. */
const HEALTHZ_RATIO_BUDGET = 1.5;
/** Every one of the 50 visitors of the expired page answered within this. */
const STAMPEDE_BUDGET_MS = 2_000;

/** /healthz's latency on one connection, alone or beside a load. */
async function healthzLatency(): Promise<{ meanMs: number; p99Ms: number }> {
  const result = await autocannon({ url: `${origin}/healthz`, connections: 1, duration: SECONDS });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error('/healthz failed under the load');
  return { meanMs: result.latency.average, p99Ms: result.latency.p99 };
}

/** 20 connections asking for `pagePath` with a parameter of a random value each time (none: the page as it is). */
function flood(pagePath: string, parameter: string | null) {
  return autocannon({
    url: origin,
    connections: ATTACK_CONNECTIONS,
    duration: SECONDS,
    headers: BROWSER_HEADERS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: parameter === null ? pagePath : `${pagePath}?${parameter}=${Math.random()}`,
        }),
      },
    ],
  });
}

async function healthzBeside(pagePath: string, parameter: string | null) {
  const [healthz, attack] = await Promise.all([healthzLatency(), flood(pagePath, parameter)]);
  return {
    healthz,
    pagesPerSecond: attack.requests.average,
    refused: attack.non2xx,
    errors: attack.errors + attack.timeouts,
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-page-cache-'));
const shop = await startShop(port, dataDir);
const figures: Figure[] = [];
try {
  for (const page of ['/shop/men', '/']) {
    const response = await fetch(`${origin}${page}`, { headers: BROWSER_HEADERS });
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
    await response.arrayBuffer();
  }
  await autocannon({ url: `${origin}/healthz`, connections: 1, duration: 2 });

  const alone = await healthzLatency();
  const keptPage = await healthzBeside('/shop/men', null);
  const tracked = await healthzBeside('/shop/men', 'utm_x');
  const unknown = await healthzBeside('/shop/men', 'x');
  const ratio = (meanMs: number) => Number((meanMs / alone.meanMs).toFixed(2));
  figures.push(
    { measure: '/healthz alone: mean', value: alone.meanMs, unit: 'ms' },
    { measure: '/healthz alone: p99', value: alone.p99Ms, unit: 'ms' },
    {
      measure: `/healthz beside ${ATTACK_CONNECTIONS} connections of the kept page: mean, of alone`,
      value: ratio(keptPage.healthz.meanMs),
      unit: '×',
    },
    { measure: 'the kept page', value: Math.round(keptPage.pagesPerSecond), unit: 'req/s' },
    {
      measure: `/healthz beside ${ATTACK_CONNECTIONS} connections of ?utm_x=random: mean, of alone`,
      value: ratio(tracked.healthz.meanMs),
      unit: '×',
    },
    {
      measure: '/healthz beside ?utm_x=random: mean, of beside the kept page',
      value: Number((tracked.healthz.meanMs / keptPage.healthz.meanMs).toFixed(2)),
      unit: '×',
      budget: { limit: HEALTHZ_RATIO_BUDGET, direction: '<=' },
    },
    { measure: '/healthz beside ?utm_x=random: p99', value: tracked.healthz.p99Ms, unit: 'ms' },
    { measure: 'shop pages with ?utm_x=random', value: Math.round(tracked.pagesPerSecond), unit: 'req/s' },
    {
      measure: `/healthz beside ${ATTACK_CONNECTIONS} connections of ?x=random (rendered): mean, of alone`,
      value: ratio(unknown.healthz.meanMs),
      unit: '×',
    },
    { measure: '/healthz beside ?x=random: p99', value: unknown.healthz.p99Ms, unit: 'ms' },
    { measure: 'shop pages with ?x=random (rendered)', value: Math.round(unknown.pagesPerSecond), unit: 'req/s' },
    { measure: 'shop pages with ?x=random refused (503, render line full)', value: unknown.refused, unit: 'answers' },
  );

  // The home page was kept at the start: wait until it is past its time, then 50 visitors ask at once.
  const kept = await fetch(`${origin}/`, { headers: BROWSER_HEADERS });
  await kept.arrayBuffer();
  await sleep(PAGE_CACHE_LIMITS.maxAgeMs + 1_000);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: STAMPEDE_CONNECTIONS }, async () => {
      const response = await fetch(`${origin}/`, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      return { ok: response.ok, ms: performance.now() - started };
    }),
  );
  figures.push(
    {
      measure: `${STAMPEDE_CONNECTIONS} visitors of an expired /: until the last answer`,
      value: Math.round(Math.max(...answers.map((answer) => answer.ms))),
      unit: 'ms',
      budget: { limit: STAMPEDE_BUDGET_MS, direction: '<=' },
    },
    {
      measure: `${STAMPEDE_CONNECTIONS} visitors of an expired /: failed`,
      value: answers.filter((answer) => !answer.ok).length,
      unit: 'answers',
      budget: { limit: 0, direction: '<=' },
    },
  );
} finally {
  await stopShop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`autocannon, /healthz on 1 connection beside ${ATTACK_CONNECTIONS} attacking ones, ${SECONDS} s a measure`);
process.exit(reportFigures('page-cache-abuse', figures) > 0 ? 1 : 0);
