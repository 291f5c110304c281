import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../../demo/load-demo-store.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type OpenedDatabase } from '../../db/database.ts';
import { SearchEngine } from '../../search/engine.ts';
import { DEMO_NOW, createTestDatabase, testConfig, testMediaStore, type TestDatabase } from '../../test-support.ts';
import { lastProductChangeSeq } from '../product-changes.ts';

const ADMIN_KEY = 'test-admin-key';

/**
 * Issue H1, item 6: a shop server whose SEARCH_NODES name another shop server's embedded search service, both on
 * one database. The cluster server's indexer writes the database's synonyms and overrides to that service at
 * every build; the service keeps what it is written in the database, and a kept write records a catalogue change,
 * which every server's indexer answers with a full build.
 */
describe('rules an indexer writes to the search service of a server on its own database', () => {
  let database: TestDatabase;
  let second: OpenedDatabase;
  let embedded: FastifyInstance;
  let cluster: FastifyInstance;
  /** The cluster server's page cache, whose generation rises when its indexer has applied changes. */
  let clusterPages: { readonly generation: number } | undefined;
  let seqBeforeCluster = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
    await loadDemoStore(database.db, {
      media: testMediaStore(database),
      brand: 'acme',
      productCount: 40,
      now: DEMO_NOW,
    });
    embedded = await buildApp({
      logger: false,
      config: testConfig(database.dataDir),
      database,
      searchEngine: new SearchEngine(),
    });
    await embedded.listen({ host: '127.0.0.1', port: 0 });
    const address = embedded.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    seqBeforeCluster = await lastProductChangeSeq(database.db);
    second = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    cluster = await buildApp({
      logger: false,
      config: testConfig(database.dataDir, {
        searchNodes: [{ protocol: 'http', host: '127.0.0.1', port, path: '/search' }],
      }),
      database: second,
      // Only to see when its indexer has applied changes: it empties the page cache then.
      registerWebApp: async (_app, { pageCache }) => {
        clusterPages = pageCache;
      },
    });
  });

  afterAll(async () => {
    await cluster?.close();
    await embedded?.close();
    await second?.db.destroy();
    await database?.close();
  });

  const writeRule = (url: string, body: unknown) =>
    embedded.inject({
      method: 'PUT',
      url: `/search/collections/products${url}`,
      headers: { 'x-typesense-api-key': ADMIN_KEY, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('records no change at the build that wrote them, the suggested_products rule included', async () => {
    // buildApp returns once the cluster server's first build has written every rule to the embedded service.
    expect(await lastProductChangeSeq(database.db)).toBe(seqBeforeCluster);
    const kept = await database.db.selectFrom('search_overrides').select('id').execute();
    expect(kept.map((row) => row.id)).not.toContain('suggested-products');
  });

  it("records one change for a merchant's new rule, and none for the build that rule starts", async () => {
    if (!clusterPages) throw new Error('the cluster server registered no web app');
    const generation = clusterPages.generation;
    const saved = await writeRule('/synonyms/hat-cap', { synonyms: ['hat', 'cap'] });
    expect(saved.statusCode).toBe(200);
    const seqAfterWrite = await lastProductChangeSeq(database.db);
    expect(seqAfterWrite).toBe(seqBeforeCluster + 1);
    // The cluster server's indexer rebuilds on the change, writing every rule back before it empties its pages.
    await expect.poll(() => clusterPages?.generation, { timeout: 10_000 }).toBeGreaterThan(generation);
    expect(await lastProductChangeSeq(database.db)).toBe(seqAfterWrite);
  });

  it('records no change for a rule written again as it is kept, however spelled', async () => {
    const seq = await lastProductChangeSeq(database.db);
    expect((await writeRule('/synonyms/hat-cap', { synonyms: ['hat', 'cap'] })).statusCode).toBe(200);
    expect((await writeRule('/synonyms/hat-cap', { synonyms: ['hat', 'cap'], root: '' })).statusCode).toBe(200);
    expect(await lastProductChangeSeq(database.db)).toBe(seq);
    expect((await writeRule('/synonyms/hat-cap', { synonyms: ['hat', 'cap', 'beanie'] })).statusCode).toBe(200);
    expect(await lastProductChangeSeq(database.db)).toBe(seq + 1);
  });
});
