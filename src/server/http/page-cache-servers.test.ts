import type { RequestHandler } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { PRODUCTS_COLLECTION } from '../../shared/site-search.ts';
import { buildApp } from '../app.ts';
import { recordProductChanges } from '../catalogue/product-changes.ts';
import { openDatabase, type OpenedDatabase } from '../db/database.ts';
import { SearchEngine } from '../search/engine.ts';
import { DEMO_NOW, createTestDatabase, testMediaStore, type TestDatabase } from '../test-support.ts';
import { createWebAppTestShop, type WebAppTestShop } from './web-app-test-support.ts';

/** What the spec allows between a product change and every server's shop page showing it (issue H1, item 4). */
const FRESH_WITHIN_MS = 2_000;

/** A stand-in shop page showing one product's price as the server's search index has it, as the shop page does. */
const pricePage =
  (engine: SearchEngine, productId: string): RequestHandler =>
  async (_request, context) => {
    if (!context) throw new Error('the web app is handed a load context');
    const found = engine.search(PRODUCTS_COLLECTION, { q: '*', filter_by: `id:=${productId}` }) as {
      hits?: Array<{ document: { price?: number } }>;
    };
    const price = found.hits?.[0]?.document.price;
    const html = `<!DOCTYPE html><html><body><main>price ${price}</main><script nonce="${context.nonce}">start()</script></body></html>`;
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  };

/**
 * Two shop servers on one database (an SQLite file, or one PostgreSQL database), as behind a load balancer: each
 * keeps rendered pages, and each empties its cache when its search index has applied the database's product change
 * feed, so a change written through one server reaches the other's kept pages too.
 */
describe('kept shop pages on two servers of one database', () => {
  let database: TestDatabase;
  let secondDatabase: OpenedDatabase;
  let productId: string;
  let servers: Array<WebAppTestShop<{ app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> }>>;

  const serverOn = (opened: OpenedDatabase) => {
    const engine = new SearchEngine();
    return createWebAppTestShop(
      async ({ config, registerWebApp }) => {
        if (!config) throw new Error('the web app test shop passes its config');
        const app = await buildApp({ logger: false, config, registerWebApp, database: opened, searchEngine: engine });
        return { app, close: () => app.close() };
      },
      pricePage(engine, productId),
    );
  };

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
    await loadDemoStore(database.db, {
      media: testMediaStore(database),
      brand: 'acme',
      productCount: 40,
      now: DEMO_NOW,
    });
    const product = await database.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    productId = product.id;
    secondDatabase = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    servers = [await serverOn(database), await serverOn(secondDatabase)];
  });

  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    await secondDatabase?.db.destroy();
    await database?.close();
  });

  const shopPage = async (server: (typeof servers)[number]) =>
    (await server.app.inject({ method: 'GET', url: '/shop/men' })).body;

  it("shows a price changed through one server on the other's kept shop page within 2 s", async () => {
    const { price_cents: before } = await database.db
      .selectFrom('products')
      .select('price_cents')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    for (const server of servers) {
      expect(await shopPage(server)).toContain(`price ${before / 100}`);
      // Kept once sent: keeping compresses the page off the event loop.
      await expect.poll(() => server.pageCache.size).toBe(1);
    }

    const after = before + 1_000;
    // Written on the first server's database connection, as a product writer in its process would.
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ price_cents: after }).where('id', '=', productId).execute();
      await recordProductChanges(trx, [productId]);
    });
    const changedAt = performance.now();

    for (const server of servers) {
      await expect
        .poll(() => shopPage(server), { timeout: FRESH_WITHIN_MS, interval: 20 })
        .toContain(`price ${after / 100}`);
    }
    expect(performance.now() - changedAt).toBeLessThan(FRESH_WITHIN_MS);
  });
});
