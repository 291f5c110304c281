/**
 * How soon a product change reaches the shop's searches: a sku sold out and recorded in the product change feed,
 * then searched for through the embedded search service in its two worker threads (as `npm start` runs it) until
 * four searches in a row, which take turns between the workers, show it out of stock. Twenty changes after a
 * warm-up one, on the demo store of 120 products. Budget: a median of at most 100 ms from the commit to every
 * worker showing it (the search-index tests check that each change arrives, one at a time, without a rebuild;
 * the time lives here, where a busy machine's stalls are figures and not failures).
 * Run: node --expose-gc --import tsx bench/index-freshness.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { recordProductChanges } from '../src/server/catalogue/product-changes.ts';
import { createDemoTestApp } from '../src/server/test-support.ts';
import { PRODUCTS_COLLECTION } from '../src/shared/site-search.ts';
import { reportFigures } from './report.ts';

const CHANGES = 20;
const FRESH_BUDGET_MS = 100;
/** A change not shown after this long is reported as this long: the figure then misses its budget plainly. */
const GIVE_UP_MS = 5_000;

const shop = await createDemoTestApp(120, { searchInWorkers: true, configOverrides: { searchWorkers: 2 } });
try {
  const headers = { 'x-typesense-api-key': shop.config.searchApiKey, 'content-type': 'application/json' };
  const isInStock = async (id: string): Promise<boolean | undefined> => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/search/multi_search',
      headers,
      payload: JSON.stringify({ searches: [{ collection: PRODUCTS_COLLECTION, q: '*', filter_by: `id:=[${id}]` }] }),
    });
    const body = response.json<{ results: Array<{ hits?: Array<{ document: { is_in_stock: boolean } }> }> }>();
    return body.results[0]?.hits?.[0]?.document.is_in_stock;
  };
  const stocked = await shop.db
    .selectFrom('skus')
    .select('product_id')
    .where('qty', '>', 0)
    .groupBy('product_id')
    .limit(CHANGES + 1)
    .execute();
  const latencies: number[] = [];
  for (const { product_id: productId } of stocked) {
    await shop.db.transaction().execute(async (trx) => {
      await trx.updateTable('skus').set({ qty: 0 }).where('product_id', '=', productId).execute();
      await recordProductChanges(trx, [productId]);
    });
    const started = performance.now();
    let inARow = 0;
    while (inARow < 4 && performance.now() - started < GIVE_UP_MS) {
      inARow = (await isInStock(productId)) === false ? inARow + 1 : 0;
      if (inARow === 0) await sleep(1);
    }
    latencies.push(performance.now() - started);
  }
  const measured = latencies.slice(1).sort((a, b) => a - b);
  const at = (share: number) => measured[Math.min(measured.length - 1, Math.floor(measured.length * share))] ?? 0;
  const missed = reportFigures('index-freshness', [
    {
      measure: 'a change shown by every worker, median',
      value: Math.round(at(0.5)),
      unit: 'ms',
      budget: { limit: FRESH_BUDGET_MS, direction: '<=' },
    },
    { measure: 'a change shown by every worker, 95th percentile', value: Math.round(at(0.95)), unit: 'ms' },
  ]);
  process.exitCode = missed > 0 ? 1 : 0;
} finally {
  await shop.close();
}
