import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import Typesense from 'typesense';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../../demo/load-demo-store.ts';
import { MAX_FACET_VALUES, RECOMMENDATION_STRIP_SIZE, SHOP_ITEMS_PER_PAGE } from '../../../shared/constants.ts';
import { sortByOf, type ShopSort } from '../../../shared/catalogue-sort.ts';
import { listedSellingPrice, type ProductDocument } from '../../../shared/product.ts';
import { PRODUCT_SORT, PRODUCTS_COLLECTION, SUGGESTED_PRODUCTS_TAG } from '../../../shared/site-search.ts';
import type { Db } from '../../db/database.ts';
import { SearchEngine } from '../../search/engine.ts';
import { startTestSearchServer, type TestSearchServer } from '../../search/http/test-server.ts';
import { createTestApp, testMediaStore, type TestDatabase } from '../../test-support.ts';
import { recordCatalogueChange, recordProductChanges } from '../product-changes.ts';
import { buildProductDocuments } from '../product-documents.ts';
import { readFacetGroups, toSearchDocuments, type SearchConfig } from './products-collection.ts';
import { SUGGESTED_BADGE_TEXT } from './suggested-products.ts';

type Client = InstanceType<typeof Typesense.Client>;
type Shop = Awaited<ReturnType<typeof createTestApp>>;
type Hit = ProductDocument & Record<string, unknown>;
interface SearchResult {
  found?: number;
  hits?: Array<{ document: Hit }>;
  facet_counts?: Array<{ field_name: string; counts: Array<{ value: string; count: number }> }>;
}

/** How long a test of what a change does waits for it, on a machine busy with other test files. */
const SETTLES_WITHIN_MS = 10_000;

const loadDemo = async (database: TestDatabase) => {
  await loadDemoStore(database.db, {
    media: testMediaStore(database),
    brand: 'acme',
    productCount: 120,
    now: new Date('2026-11-01T12:00:00Z'),
  });
};

function clientFor(nodes: Array<{ host: string; port: number; path: string }>, apiKey: string): Client {
  return new Typesense.Client({
    nodes: nodes.map((node) => ({ ...node, protocol: 'http' as const })),
    apiKey,
    numRetries: 0,
    connectionTimeoutSeconds: 5,
    logLevel: 'silent',
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

const search = async (client: Client, parameters: Record<string, string | number | boolean>): Promise<SearchResult> =>
  (await client.collections(PRODUCTS_COLLECTION).documents().search(parameters, {})) as SearchResult;

const byId = (client: Client, id: string) => search(client, { q: '*', filter_by: `id:=[${id}]` });

/** Polls until the search shows what is expected, and says how long that took. */
async function until(
  read: () => Promise<SearchResult>,
  expected: (result: SearchResult) => boolean,
  deadlineMs: number,
): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (expected(await read())) return;
    if (performance.now() - started > deadlineMs)
      throw new Error(`The search did not show the change within ${deadlineMs} ms`);
    // Long enough to leave the indexer, in this process too, the CPU.
    await sleep(5);
  }
}

const shopOrder = (a: ProductDocument, b: ProductDocument) =>
  a.availability.localeCompare(b.availability) || a.default_position - b.default_position;

describe('the products index of the demo store', () => {
  let shop: Shop;
  let client: Client;
  let engine: SearchEngine;
  let documents: ProductDocument[];

  const logLines: string[] = [];
  const logged = (message: string) => logLines.filter((line) => line.includes(`"msg":"${message}"`)).length;

  beforeAll(async () => {
    engine = new SearchEngine();
    shop = await createTestApp({
      prepare: loadDemo,
      searchEngine: engine,
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
    });
    const port = await listen(shop.app);
    client = clientFor([{ host: '127.0.0.1', port, path: '/search' }], shop.config.searchApiKey);
    documents = await buildProductDocuments(shop.db, null);
  });
  afterAll(() => shop.close());

  it('holds every product', () => {
    expect(engine.getCollection(PRODUCTS_COLLECTION).num_documents).toBe(documents.length);
    expect(documents.length).toBeGreaterThanOrEqual(120);
  });

  it('lists the catalogue in each of the shop’s orders, on fields filled from the database', async () => {
    const listed = documents.filter((document) => document.show_on_plp);
    const read = async (sort: ShopSort) => {
      const result = await search(client, {
        q: '*',
        filter_by: 'show_on_plp:true',
        sort_by: sortByOf(sort),
        per_page: 250,
      });
      return (result.hits ?? []).map((hit) => hit.document);
    };
    // What can be bought first, then the order's own key.
    const ordered = async (sort: ShopSort, key: (document: Hit) => number) => {
      const hits = await read(sort);
      expect(hits).toHaveLength(listed.length);
      const keys = hits.map((hit) => [hit.availability === 'in stock' ? 0 : 1, key(hit)] as const);
      expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      return hits;
    };
    expect((await read('featured')).map((hit) => hit.id)).toEqual(
      [...listed].sort(shopOrder).map((document) => document.id),
    );
    await ordered('price-asc', (hit) => listedSellingPrice(hit));
    await ordered('price-desc', (hit) => -listedSellingPrice(hit));
    await ordered('newest', (hit) => -hit.created_at);
    const bestSellers = await ordered('best-sellers', (hit) => -hit.units_sold);
    // The demo sells every product, its best sellers most: the order is not the featured one in disguise.
    expect(new Set(bestSellers.map((hit) => hit.units_sold)).size).toBeGreaterThan(listed.length / 4);
    expect(bestSellers[0]?.units_sold).toBeGreaterThan(0);
  });

  it("answers the shop's multi_search: a facet query per facet group and the block's products", async () => {
    const groups = await readFacetGroups(shop.db);
    const slug = 'shop-men';
    const blockFilter = `page_block_slugs:=[\`${slug}\`] && show_on_plp:true`;
    const queryBy = 'name,fit,description';
    const { results } = (await client.multiSearch.perform(
      {
        searches: [
          ...groups.map((group) => ({
            collection: PRODUCTS_COLLECTION,
            q: '*',
            query_by: queryBy,
            filter_by: blockFilter,
            facet_by: group.field,
            max_facet_values: MAX_FACET_VALUES,
            per_page: 0,
          })),
          {
            collection: PRODUCTS_COLLECTION,
            q: '*',
            query_by: queryBy,
            filter_by: blockFilter,
            sort_by: PRODUCT_SORT,
            limit: SHOP_ITEMS_PER_PAGE,
            offset: 0,
          },
        ],
      },
      {},
    )) as { results: SearchResult[] };

    const listed = documents
      .filter((document) => document.page_block_slugs.includes(slug) && document.show_on_plp)
      .sort(shopOrder);
    expect(listed.length).toBeGreaterThan(0);
    const products = results[groups.length];
    expect(products?.found).toBe(listed.length);
    expect(products?.hits?.map((hit) => hit.document.id)).toEqual(
      listed.slice(0, SHOP_ITEMS_PER_PAGE).map((document) => document.id),
    );
    expect(products?.hits?.[0]?.document).toMatchObject({
      skus: expect.any(Array),
      url: expect.stringMatching(/^\/s\//),
    });
    expect(products?.hits?.[0]?.document).not.toHaveProperty('facets');

    groups.forEach((group, index) => {
      const expected = new Map<string, number>();
      for (const document of listed) {
        for (const value of document.facets[group.field] ?? []) expected.set(value, (expected.get(value) ?? 0) + 1);
      }
      const counts = results[index]?.facet_counts?.find((facet) => facet.field_name === group.field)?.counts ?? [];
      expect(new Map(counts.map(({ value, count }) => [value, count])), group.field).toEqual(expected);
    });
    const division = results[groups.findIndex((group) => group.field === 'division')];
    expect(division?.facet_counts?.[0]?.counts).toContainEqual({
      value: 'Men',
      count: listed.length,
      highlighted: 'Men',
    });
  });

  it('serves /api/typesense-config with the searchable attributes and the facet groups in order', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/typesense-config' });
    expect(response.statusCode).toBe(200);
    const config = response.json<{ data: SearchConfig }>().data;
    expect(config.facet_ordering).toEqual(['division', 'category', 'size', 'color', 'fits', 'print', 'collection']);
    const searchable = config.attributes.filter((attribute) => attribute.searchable).map((attribute) => attribute.name);
    expect(searchable.slice(0, 2)).toEqual(['name', 'fit']);
    expect(searchable).toContain('description');
    expect(config.attributes).toContainEqual({ name: 'default_position', searchable: false });
    const found = await search(client, { q: 'boxer brief', query_by: searchable.join(','), sort_by: PRODUCT_SORT });
    expect(found.found).toBeGreaterThan(0);
  });

  const recommended = async () =>
    (
      await search(client, {
        q: '*',
        override_tags: SUGGESTED_PRODUCTS_TAG,
        sort_by: PRODUCT_SORT,
        limit: RECOMMENDATION_STRIP_SIZE,
      })
    ).hits?.map((hit) => hit.document) ?? [];
  const bestSellers = () =>
    documents
      .filter((d) => d.badge_text === SUGGESTED_BADGE_TEXT && d.is_in_stock && d.show_on_plp && d.primary_image)
      .sort((a, b) => a.default_position - b.default_position)
      .map((d) => d.id);

  it('recommends up to 24 products for suggested_products: pinned best sellers first, all buyable with a primary image', async () => {
    const hits = await recommended();
    expect(hits).toHaveLength(RECOMMENDATION_STRIP_SIZE);
    for (const hit of hits) {
      expect(hit).toMatchObject({ is_in_stock: true, show_on_plp: true, primary_image: { url: expect.any(String) } });
    }
    const pinned = bestSellers();
    expect(pinned.length).toBeGreaterThan(1);
    expect(hits.slice(0, pinned.length).map((hit) => hit.id)).toEqual(pinned.slice(0, RECOMMENDATION_STRIP_SIZE));
    // Without the tag the rule stays out of the way.
    expect((await search(client, { q: '*', per_page: 0 })).found).toBe(documents.length);
  });

  it('gives the place of a recommended product that sold out to the next best seller', async () => {
    const [first, second] = bestSellers();
    if (!first || !second) throw new Error('The demo store has fewer than two best sellers');
    await shop.db.transaction().execute(async (trx) => {
      await trx.updateTable('skus').set({ qty: 0 }).where('product_id', '=', first).execute();
      await recordProductChanges(trx, [first]);
    });
    const started = performance.now();
    while ((await recommended())[0]?.id !== second) {
      if (performance.now() - started > SETTLES_WITHIN_MS)
        throw new Error('The strip still starts with the sold-out product');
      await sleep(2);
    }
    expect((await recommended()).map((hit) => hit.id)).not.toContain(first);
  });

  // How soon is bench/index-freshness.bench.ts's figure: a busy machine's stall is not a failure here.
  it('shows products that sold out, one change at a time, with no rebuild', async () => {
    const current = await buildProductDocuments(shop.db, null);
    const products = current
      .filter((d) => d.is_in_stock && d.show_on_plp && d.variants.length === 0 && d.badge_text !== SUGGESTED_BADGE_TEXT)
      .slice(0, 6);
    expect(products).toHaveLength(6);
    for (const product of products) {
      await shop.db.transaction().execute(async (trx) => {
        await trx.updateTable('skus').set({ qty: 0 }).where('product_id', '=', product.id).execute();
        await recordProductChanges(trx, [product.id]);
      });
      await until(
        () => byId(client, product.id),
        (result) =>
          result.hits?.[0]?.document.is_in_stock === false && result.hits[0].document.availability === 'out of stock',
        SETTLES_WITHIN_MS,
      );
    }
    expect(logged('search index rebuilt')).toBe(0);
    expect(engine.getCollection(PRODUCTS_COLLECTION).num_documents).toBe(documents.length);
  });

  it('finds a renamed product by its new name', async () => {
    const product = documents.find((d) => d.show_on_plp);
    if (!product) throw new Error('The demo store has no listed product');
    await shop.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name: 'Zanzibar Quokka Trunk' }).where('id', '=', product.id).execute();
      await recordProductChanges(trx, [product.id]);
    });
    await until(
      () => search(client, { q: 'zanzibar quokka', query_by: 'name' }),
      (result) => result.hits?.map((hit) => hit.document.id).join() === product.id,
      SETTLES_WITHIN_MS,
    );
  });

  it('drops a deleted product, and its colourways stop offering it as a swatch', async () => {
    const product = documents.find((d) => d.swatch_products.length > 2 && d.variants.length === 0);
    if (!product) throw new Error('The demo store has no product with colourways');
    const sibling = product.swatch_products.find((swatch) => swatch._id !== product.id);
    if (!sibling) throw new Error('The product has no other colourway');
    await shop.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('products').where('id', '=', product.id).execute();
      await recordProductChanges(trx, [product.id]);
    });
    await until(
      () => byId(client, product.id),
      (result) => result.found === 0,
      SETTLES_WITHIN_MS,
    );
    await until(
      () => byId(client, sibling._id),
      (result) => result.hits?.[0]?.document.swatch_products.every((swatch) => swatch._id !== product.id) === true,
      SETTLES_WITHIN_MS,
    );
    expect(engine.getCollection(PRODUCTS_COLLECTION).num_documents).toBe(documents.length - 1);
  });

  it("follows a Product block's new tags after a catalogue change", async () => {
    await shop.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('content_blocks')
        .set({ product_tags: JSON.stringify(['Socks']) })
        .where('slug', '=', 'shop-men')
        .execute();
      await recordCatalogueChange(trx);
    });
    const socks = (await buildProductDocuments(shop.db, null)).filter((d) => d.facets.category?.includes('Socks'));
    await until(
      () => search(client, { q: '*', filter_by: 'page_block_slugs:=[`shop-men`]', per_page: 0 }),
      (result) => result.found === socks.length,
      SETTLES_WITHIN_MS,
    );
    // The documents show before the rebuild ends with the rule and its log line.
    const started = performance.now();
    while (logged('search index rebuilt') === 0 && performance.now() - started < SETTLES_WITHIN_MS) await sleep(2);
    expect(logged('search index rebuilt')).toBe(1);
  });

  it('logged no failure while following the changes', () => {
    expect(logged('search index: applying product changes failed')).toBe(0);
  });
});

describe('the products index on a Typesense cluster', () => {
  let cluster: TestSearchServer;
  let shop: Shop;
  let embedded: SearchEngine;
  let clusterClient: Client;
  let db: Db;

  beforeAll(async () => {
    cluster = await startTestSearchServer();
    embedded = new SearchEngine();
    const node = { protocol: 'http' as const, host: '127.0.0.1', port: cluster.port, path: '/search' };
    shop = await createTestApp({
      prepare: loadDemo,
      searchEngine: embedded,
      configOverrides: { searchNodes: [node] },
    });
    db = shop.db;
    clusterClient = clientFor([node], shop.config.searchApiKey);
  });
  afterAll(async () => {
    await shop?.close();
    await cluster?.close();
  });

  it('creates the collection on the cluster and imports every product there, not into the embedded engine', async () => {
    const documents = await buildProductDocuments(db, null);
    expect(cluster.engine.getCollection(PRODUCTS_COLLECTION).num_documents).toBe(documents.length);
    expect(embedded.listCollections()).toEqual([]);
    expect((await shop.app.inject({ method: 'GET', url: '/search/health' })).statusCode).toBe(404);
    const recommended = await search(clusterClient, {
      q: '*',
      override_tags: SUGGESTED_PRODUCTS_TAG,
      sort_by: PRODUCT_SORT,
      limit: 24,
    });
    expect(recommended.hits?.length).toBe(RECOMMENDATION_STRIP_SIZE);
  });

  it('sends a product change to the cluster', async () => {
    const product = (await buildProductDocuments(db, null)).find((d) => d.show_on_plp);
    if (!product) throw new Error('The demo store has no listed product');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ price_cents: 123_400 }).where('id', '=', product.id).execute();
      await recordProductChanges(trx, [product.id]);
    });
    await until(
      () => byId(clusterClient, product.id),
      (result) => result.hits?.[0]?.document.price === 1234,
      SETTLES_WITHIN_MS,
    );
  });

  it('rebuilds in place when another server starts: the collection keeps its rules and loses what is gone', async () => {
    const admin = cluster.client();
    const [stray] = toSearchDocuments(await buildProductDocuments(db, null), await readFacetGroups(db));
    if (!stray) throw new Error('The demo store has no products');
    await admin
      .collections(PRODUCTS_COLLECTION)
      .documents()
      .upsert({ ...stray, id: 'gone', _id: 'gone' });
    // Recreating the collection would drop this rule with it.
    await admin
      .collections(PRODUCTS_COLLECTION)
      .overrides()
      .upsert('merchant-rule', { rule: { tags: ['kept'] }, filter_by: 'is_in_stock:true' });
    const second = await createTestApp({
      prepare: loadDemo,
      configOverrides: { searchNodes: shop.config.searchNodes },
    });
    await second.close();
    expect((await admin.collections(PRODUCTS_COLLECTION).overrides('merchant-rule').retrieve()).id).toBe(
      'merchant-rule',
    );
    expect((await byId(clusterClient, 'gone')).found).toBe(0);
    expect(cluster.engine.getCollection(PRODUCTS_COLLECTION).num_documents).toBe(
      (await buildProductDocuments(db, null)).length,
    );
  });
});
