import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import Typesense from 'typesense';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../../demo/load-demo-store.ts';
import { PRODUCTS_COLLECTION } from '../../../shared/site-search.ts';
import { lastProductChangeSeq, recordProductChanges } from '../../catalogue/product-changes.ts';
import { DEMO_NOW, createTestApp, testMediaStore } from '../../test-support.ts';
import { THREAD_NICE_IS_PER_THREAD } from './thread-priority.ts';

type Shop = Awaited<ReturnType<typeof createTestApp>>;
interface Hit {
  document: { id: string; name: string; is_in_stock: boolean };
}

describe('the embedded search in worker threads', () => {
  let shop: Shop;
  let client: InstanceType<typeof Typesense.Client>;

  beforeAll(async () => {
    shop = await createTestApp({
      searchInWorkers: true,
      configOverrides: { searchWorkers: 2, searchWorkerNice: 12 },
      prepare: async (database) => {
        await loadDemoStore(database.db, {
          media: testMediaStore(database),
          brand: 'acme',
          productCount: 60,
          now: DEMO_NOW,
        });
      },
    });
    await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const address = shop.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    client = new Typesense.Client({
      nodes: [{ host: '127.0.0.1', port, protocol: 'http', path: '/search' }],
      apiKey: shop.config.searchApiKey,
      numRetries: 0,
      connectionTimeoutSeconds: 5,
      logLevel: 'silent',
    });
  });
  afterAll(() => shop.close());

  const searchById = async (id: string): Promise<Hit | undefined> => {
    const result = await client
      .collections(PRODUCTS_COLLECTION)
      .documents()
      .search({ q: '*', filter_by: `id:=[${id}]` }, {});
    return (result.hits as Hit[] | undefined)?.[0];
  };

  it('answers every search route from the workers, errors and refusals included, as Typesense does', async () => {
    const { results } = await client.multiSearch.perform(
      { searches: [{ collection: PRODUCTS_COLLECTION, q: '*', per_page: 3 }] },
      {},
    );
    expect((results[0] as { found: number } | undefined)?.found).toBeGreaterThan(0);
    const key = { 'x-typesense-api-key': shop.config.searchAdminKey };
    const collection = await shop.app.inject({
      method: 'GET',
      url: `/search/collections/${PRODUCTS_COLLECTION}`,
      headers: key,
    });
    expect(collection.json()).toMatchObject({ name: PRODUCTS_COLLECTION });
    const refused = await shop.app.inject({ method: 'GET', url: `/search/collections/${PRODUCTS_COLLECTION}` });
    expect(refused.statusCode).toBe(401);
    const missing = await shop.app.inject({ method: 'GET', url: '/search/collections/nothing', headers: key });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Not Found' }]);
    const tooLarge = await shop.app.inject({
      method: 'POST',
      url: '/search/multi_search',
      headers: { ...key, 'content-type': 'text/plain' },
      payload: 'x'.repeat(9 * 1024 * 1024),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toHaveProperty('message');
  });

  it('answers compressed from the worker when the request accepts it, as the shop compresses its own answers', async () => {
    const payload = JSON.stringify({ searches: [{ collection: PRODUCTS_COLLECTION, q: '*', per_page: 20 }] });
    const headers = { 'x-typesense-api-key': shop.config.searchApiKey, 'content-type': 'text/plain' };
    const plain = await shop.app.inject({ method: 'POST', url: '/search/multi_search', headers, payload });
    const compressed = await shop.app.inject({
      method: 'POST',
      url: '/search/multi_search',
      headers: { ...headers, 'accept-encoding': 'br' },
      payload,
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const hitIds = (body: unknown) =>
      (body as { results: { hits: Hit[] }[] }).results.map((result) => result.hits.map((hit) => hit.document.id));
    expect(hitIds(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8')))).toEqual(
      hitIds(plain.json()),
    );
  });

  it.runIf(THREAD_NICE_IS_PER_THREAD)(
    'runs the workers at the nice value set, the shop’s thread at its own',
    async () => {
      const threadNices = readdirSync('/proc/self/task').map((thread) => {
        const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
      expect(threadNices.filter((nice) => nice === 12)).toHaveLength(2);
      expect(getPriority(0)).toBe(0);
    },
  );

  // How soon is bench/index-freshness.bench.ts's figure: a busy machine's stall is not a failure here.
  it('shows a product change in every worker', async () => {
    const { results } = await client.multiSearch.perform(
      { searches: [{ collection: PRODUCTS_COLLECTION, q: '*', filter_by: 'is_in_stock:true', per_page: 1 }] },
      {},
    );
    const product = (results[0] as { hits: Hit[] } | undefined)?.hits[0]?.document;
    if (!product) throw new Error('The demo store has nothing in stock');
    await shop.db.transaction().execute(async (trx) => {
      await trx.updateTable('skus').set({ qty: 0 }).where('product_id', '=', product.id).execute();
      await recordProductChanges(trx, [product.id]);
    });
    const started = performance.now();
    // Reads take turns between the two workers: four in a row that show it cover both.
    let inARow = 0;
    while (inARow < 4) {
      inARow = (await searchById(product.id))?.document.is_in_stock === false ? inARow + 1 : 0;
      if (performance.now() - started > 10_000) throw new Error('The change did not reach the searches');
      if (inARow === 0) await sleep(5);
    }
  });

  it('keeps a synonym written through the API once, in the database, and every worker applies it', async () => {
    const key = { 'x-typesense-api-key': shop.config.searchAdminKey, 'content-type': 'application/json' };
    const url = `/search/collections/${PRODUCTS_COLLECTION}/synonyms/lid`;
    const changesBefore = await lastProductChangeSeq(shop.db);
    const saved = await shop.app.inject({
      method: 'PUT',
      url,
      headers: key,
      payload: JSON.stringify({ root: 'lid', synonyms: ['cap'] }),
    });
    expect(saved.json()).toEqual({ id: 'lid', root: 'lid', synonyms: ['cap'] });
    expect(await lastProductChangeSeq(shop.db)).toBe(changesBefore + 1);
    const rows = await shop.db.selectFrom('search_synonyms').select('definition').where('id', '=', 'lid').execute();
    expect(rows.map((row) => JSON.parse(row.definition) as unknown)).toEqual([{ root: 'lid', synonyms: ['cap'] }]);
    // Reads take turns between the two workers: four in a row cover both.
    for (let read = 0; read < 4; read++) {
      const listed = await shop.app.inject({ method: 'GET', url, headers: key });
      expect([listed.statusCode, listed.json()]).toEqual([200, { id: 'lid', root: 'lid', synonyms: ['cap'] }]);
    }
    const removed = await shop.app.inject({ method: 'DELETE', url, headers: key });
    expect(removed.json()).toEqual({ id: 'lid' });
    expect(await shop.db.selectFrom('search_synonyms').select('id').where('id', '=', 'lid').execute()).toEqual([]);
  });
});
