/**
 * Start time and memory (issue P1, item 2), against `npm start` with the build made beforehand: the time from
 * starting the server to the first answer of the home page, on a fresh data folder (which loads the 1,500-product
 * demo store) and on a restart of it; and the server process's resident memory right after that first page and
 * after a round of page views and searches, with the demo store and with a 100,000-product demo catalogue
 * (loaded by `npm run demo -- --products 100000` before the server starts).
 * Budgets: first page within 20 s fresh and 3 s on restart; at most 300 MB with the demo store and 1.5 GB with
 * 100,000 products. The figures without a budget show what else runs: the rendering ahead of need is a child
 * process of the server.
 * Run: node --import tsx bench/start-and-memory.bench.ts (BENCH_PORT sets the shop's port; BENCH_PRODUCTS the size
 * of the large catalogue)
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Figure, reportFigures } from './report.ts';
import { startShop, stopShop } from './start-shop.ts';

const port = Number(process.env.BENCH_PORT ?? 3713);
const origin = `http://127.0.0.1:${port}`;
const LARGE_CATALOGUE = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;

/** A process's resident memory in bytes, from /proc (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kilobytes === undefined ? 0 : Number(kilobytes) * 1024;
}

/** The process and every process below it. */
function processTree(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

const treeBytes = (pid: number): number => processTree(pid).reduce((sum, each) => sum + residentBytes(each), 0);

async function get(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(`${origin}${url}`, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

/** What a few shoppers do: the home page, shop pages, a product, the news and the search service. */
async function browse(dataDir: string): Promise<void> {
  const product = (await (await fetch(`${origin}/api/products/10001`)).json()) as { data: { url: string } };
  const searchKey = readFileSync(path.join(dataDir, 'search-api-key'), 'utf8').trim();
  for (const page of ['/', '/shop/women', '/shop/men', product.data.url, '/news', '/shop/new', '/']) await get(page);
  for (const words of ['boxer', 'tee black', 'sock', 'jogger navy']) {
    const query = new URLSearchParams({ q: words, query_by: 'name,category', facet_by: 'color,size', per_page: '60' });
    await get(`/search/collections/products/documents/search?${query.toString()}`, {
      'x-typesense-api-key': searchKey,
    });
  }
}

interface Run {
  /** From starting the server to the home page's answer, in s. */
  firstPage: number;
  afterStart: number;
  afterBrowsing: number;
  treeAfterBrowsing: number;
}

/** Starts the shop on the data folder, times its first page, browses, and measures its memory; stops it. */
async function run(dataDir: string): Promise<Run> {
  const started = performance.now();
  const shop: ChildProcess = await startShop(port, dataDir, '/');
  const firstPage = (performance.now() - started) / 1000;
  try {
    const pid = shop.pid ?? 0;
    const afterStart = residentBytes(pid);
    await browse(dataDir);
    return { firstPage, afterStart, afterBrowsing: residentBytes(pid), treeAfterBrowsing: treeBytes(pid) };
  } finally {
    await stopShop(shop);
  }
}

function loadCatalogue(dataDir: string, products: number): number {
  const started = performance.now();
  const loaded = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src', 'demo', 'cli.ts'), '--products', String(products)],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (loaded.status !== 0) throw new Error(`Loading ${products} demo products failed`);
  return (performance.now() - started) / 1000;
}

const atMost = (limit: number) => ({ limit, direction: '<=' as const });
const dataDirs: string[] = [];
const freshDataDir = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-start-'));
  dataDirs.push(dataDir);
  return dataDir;
};

const figures: Figure[] = [];
try {
  // The build is not part of starting: made (when stale) before the clock runs.
  if (
    spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.mjs')], { cwd: root, stdio: 'inherit' })
      .status !== 0
  ) {
    throw new Error('The build failed');
  }
  const demo = freshDataDir();
  const fresh = await run(demo);
  const restart = await run(demo);
  figures.push(
    {
      measure: 'start to first page, fresh data folder (demo store)',
      value: fresh.firstPage,
      unit: 's',
      budget: atMost(20),
    },
    { measure: 'start to first page, restart (demo store)', value: restart.firstPage, unit: 's', budget: atMost(3) },
    {
      measure: 'server RSS after start, demo store (restart)',
      value: restart.afterStart / MB,
      unit: 'MB',
      budget: atMost(300),
    },
    {
      measure: 'server RSS after page views and searches, demo store',
      value: restart.afterBrowsing / MB,
      unit: 'MB',
      budget: atMost(300),
    },
    {
      measure: 'server RSS after page views and searches, demo store (fresh)',
      value: fresh.afterBrowsing / MB,
      unit: 'MB',
      budget: atMost(300),
    },
    { measure: 'server and its child processes, demo store (fresh)', value: fresh.treeAfterBrowsing / MB, unit: 'MB' },
  );

  const large = freshDataDir();
  const loadSeconds = loadCatalogue(large, LARGE_CATALOGUE);
  const largeRun = await run(large);
  const label = `${LARGE_CATALOGUE / 1000}k products`;
  figures.push(
    { measure: `npm run demo -- --products ${LARGE_CATALOGUE}`, value: loadSeconds, unit: 's' },
    { measure: `start to first page, ${label}`, value: largeRun.firstPage, unit: 's' },
    { measure: `server RSS after start, ${label}`, value: largeRun.afterStart / MB, unit: 'MB', budget: atMost(1536) },
    {
      measure: `server RSS after page views and searches, ${label}`,
      value: largeRun.afterBrowsing / MB,
      unit: 'MB',
      budget: atMost(1536),
    },
    { measure: `server and its child processes, ${label}`, value: largeRun.treeAfterBrowsing / MB, unit: 'MB' },
  );
} finally {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
const missed = reportFigures('start-and-memory', figures);
process.exit(missed ? 1 : 0);
