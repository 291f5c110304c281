/**
 * Benchmark of the embedded search engine on synthetic apparel products shaped like the spec's search
 * document. Reports through bench/report.ts and exits non-zero when a budget is missed.
 * Run: node --expose-gc --import tsx bench/search-engine.bench.ts (the heap figures need --expose-gc)
 */
import Fastify from 'fastify';
import type { JsonObject, SearchEngine } from '../src/server/search/engine.ts';
import { SearchError } from '../src/server/search/errors.ts';
import { searchRoutes } from '../src/server/search/http/search-routes.ts';
import { type Figure, reportFigures } from './report.ts';
import { COLORS, FACET_GROUPS, FITS, SIZES, SLUGS, buildEngine, pick, pickSome, random } from './search-catalogue.ts';

/** The shop page's multi_search: one facet query per group (without that group's own selection) and the products. */
function shopSearches(next: () => number): { searches: JsonObject[]; common: Record<string, string> } {
  const slug = SLUGS[Math.floor(next() * next() * 20)] as string;
  const selections: Partial<Record<(typeof FACET_GROUPS)[number], string[]>> = {};
  if (next() > 0.4) selections.colors = pickSome(next, COLORS, 1 + Math.floor(next() * 2));
  if (next() > 0.6) selections.sizes = [pick(next, SIZES)];
  if (next() > 0.7) selections.fit = [pick(next, FITS)];
  const base = `page_block_slugs:=[\`${slug}\`] && show_on_plp:true`;
  const filterWithout = (skip: string | null) =>
    [
      base,
      ...Object.entries(selections)
        .filter(([group]) => group !== skip)
        .map(([group, values]) => `${group}:=[${values.map((value) => `\`${value}\``).join(',')}]`),
    ].join(' && ');
  const searches: JsonObject[] = FACET_GROUPS.map((group) => ({
    collection: 'products',
    q: '*',
    facet_by: group,
    filter_by: filterWithout(group),
    max_facet_values: 200,
    per_page: 0,
  }));
  searches.push({
    collection: 'products',
    q: '*',
    filter_by: filterWithout(null),
    max_facet_values: 200,
    sort_by: 'availability:asc,default_position:asc',
    limit: 60,
    offset: Math.floor(next() * 3) * 60,
  });
  return { searches, common: { query_by: 'name,category,colors' } };
}

const TYPEAHEAD_QUERIES = [
  'box',
  'boxer br',
  'trunk',
  'cotton t',
  'navy',
  'stretch modal',
  'cloud jogger',
  'merino sock',
  'perfomance',
  'everyday brief bl',
];

function typeahead(engine: SearchEngine, query: string): JsonObject {
  return engine.search('products', {
    q: query,
    query_by: 'name,category,colors',
    sort_by: 'availability:asc,default_position:asc',
    prioritize_exact_match: true,
    prioritize_token_position: true,
    limit: 20,
    facet_by: '*',
  });
}

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

/**
 * p50 and p95 of the quietest of three rounds: the machine is shared, and a round slowed by another tenant's
 * build says nothing about the engine.
 */
function measure(iterations: number, run: (iteration: number) => void): { p50: number; p95: number } {
  for (let warm = 0; warm < Math.min(20, iterations); warm++) run(warm);
  let best = { p50: Number.POSITIVE_INFINITY, p95: Number.POSITIVE_INFINITY };
  for (let round = 0; round < 3; round++) {
    const samples: number[] = [];
    for (let iteration = 0; iteration < iterations; iteration++) {
      const started = performance.now();
      run(iteration);
      samples.push(performance.now() - started);
    }
    const p95 = percentile(samples, 0.95);
    if (p95 < best.p95) best = { p50: percentile(samples, 0.5), p95 };
  }
  return best;
}

const figures: Figure[] = [];
/** A figure, held to at most `budget` when there is one. */
const record = (measureName: string, value: number, unit: string, budget: number | null) =>
  figures.push({
    measure: measureName,
    value,
    unit,
    ...(budget === null ? {} : { budget: { limit: budget, direction: '<=' as const } }),
  });

for (const [count, shopBudget] of [
  [10_000, 5],
  [100_000, 30],
] as const) {
  const built = buildEngine(count);
  const label = `${count / 1000}k`;
  record(`build index ${label}`, built.seconds, 's', count === 100_000 ? 20 : null);
  record(`build heap delta ${label}`, built.heapMb, 'MB', count === 100_000 ? 300 : null);
  record(`build RSS delta ${label}`, built.rssMb, 'MB', count === 100_000 ? 1024 : null);

  const next = random(7);
  const requests = Array.from({ length: 200 }, () => shopSearches(next));
  // A search out of its time budget (search_cutoff_ms) answers less than the shop asked for: none may be.
  let cutOff = 0;
  const shop = measure(requests.length, (iteration) => {
    const request = requests[iteration % requests.length] as ReturnType<typeof shopSearches>;
    const { results } = built.engine.multiSearch(request.searches, request.common);
    for (const result of results) {
      if ('error' in result && result.code !== 408) throw new Error(JSON.stringify(result));
      if (result.code === 408 || ('search_cutoff' in result && result.search_cutoff === true)) cutOff++;
    }
  });
  record(`shop multi_search p50 ${label}`, shop.p50, 'ms', null);
  record(`shop multi_search p95 ${label}`, shop.p95, 'ms', shopBudget);

  const typed = measure(300, (iteration) => {
    try {
      if (
        typeahead(built.engine, TYPEAHEAD_QUERIES[iteration % TYPEAHEAD_QUERIES.length] as string).search_cutoff ===
        true
      )
        cutOff++;
    } catch (error) {
      if (!(error instanceof SearchError && error.status === 408)) throw error;
      cutOff++;
    }
  });
  record(`typeahead 20 hits p95 ${label}`, typed.p95, 'ms', count === 10_000 ? 3 : null);
  record(`shop searches cut off ${label}`, cutOff, 'searches', 0);

  const app = Fastify({ logger: false });
  await app.register(searchRoutes, {
    prefix: '/search',
    engine: built.engine,
    searchKey: 'bench-search',
    adminKey: 'bench-admin',
  });
  await app.ready();
  const payloads = requests.slice(0, 100).map((request) => ({
    url: `/search/multi_search?${new URLSearchParams(request.common).toString()}`,
    body: JSON.stringify({ searches: request.searches }),
  }));
  for (const payload of payloads.slice(0, 10)) {
    await app.inject({
      method: 'POST',
      url: payload.url,
      payload: payload.body,
      headers: { 'x-typesense-api-key': 'bench-search', 'content-type': 'text/plain' },
    });
  }
  const samples: number[] = [];
  for (const payload of payloads) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: payload.url,
      payload: payload.body,
      headers: { 'x-typesense-api-key': 'bench-search', 'content-type': 'text/plain' },
    });
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  }
  record(`HTTP multi_search p95 ${label} (inject)`, percentile(samples, 0.95), 'ms', null);
  await app.close();
}

const missed = reportFigures('search-engine', figures);
process.exit(missed > 0 ? 1 : 0);
