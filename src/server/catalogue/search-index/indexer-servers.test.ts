/**
 * A search cluster that two servers of one database share (SEARCH_NODES): one server builds it and applies the
 * change feed, the holder of its lease, and the other empties its page cache when the holder has applied a change;
 * when the holder stops renewing its lease, the other takes the index over. An embedded engine in this thread
 * stands in for the cluster.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDemoStore } from '../../../demo/load-demo-store.ts';
import type { Db } from '../../db/database.ts';
import { JobLease } from '../../jobs/job-lease.ts';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../jobs/jobs-test-support.ts';
import { SearchEngine } from '../../search/engine.ts';
import { inThreadEngine } from '../../search/worker/search-worker-pool.ts';
import { DEMO_NOW, testMediaStore } from '../../test-support.ts';
import { recordCatalogueChange, recordProductChanges } from '../product-changes.ts';
import { EmbeddedIndexTarget, type IndexTarget } from './index-targets.ts';
import { ProductIndexer } from './indexer.ts';

const LEASE_MS = 900;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** One server's way to the shared index, counting what it writes there. */
function countingWrites(target: IndexTarget) {
  const counted = { writes: 0 };
  const writing =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    (...args: A) => {
      counted.writes += 1;
      return write(...args);
    };
  const server: IndexTarget = {
    description: target.description,
    describe: () => target.describe(),
    recreate: writing((schema) => target.recreate(schema)),
    upsert: writing((documents) => target.upsert(documents)),
    remove: writing((ids) => target.remove(ids)),
    retrieve: (id) => target.retrieve(id),
    listIds: (page, perPage) => target.listIds(page, perPage),
    putOverride: writing((id, override) => target.putOverride(id, override)),
    installRules: writing((rules) => target.installRules(rules)),
    installStemmingDictionary: writing((id, words) => target.installStemmingDictionary(id, words)),
  };
  return { server, counted };
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 20) {
    if (waited > 10_000) throw new Error(`${what} did not happen within 10 s`);
    await sleep(20);
  }
}

describe('a search cluster two servers share', () => {
  let shared: SharedTestDatabase;
  let engine: SearchEngine;
  let productId: string;
  const servers: ProductIndexer[] = [];

  beforeAll(async () => {
    shared = await createSharedTestDatabase();
    const { database } = shared;
    await loadDemoStore(database.db, {
      media: testMediaStore(database),
      brand: 'acme',
      productCount: 40,
      now: DEMO_NOW,
    });
    productId = (await database.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    engine = new SearchEngine();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await shared.close();
  });

  const target = () => new EmbeddedIndexTarget(inThreadEngine(engine));
  const serverOn = (db: Db, name: string) => {
    const { server, counted } = countingWrites(target());
    const lease = new JobLease(db, 'search-index shared', name, LEASE_MS);
    const applied = { changes: 0 };
    const indexer = new ProductIndexer({
      db,
      target: server,
      log: silent,
      pollIntervalMs: 20,
      lease,
      onChangesApplied: () => (applied.changes += 1),
    });
    servers.push(indexer);
    return { indexer, lease, counted, applied };
  };
  const priceInIndex = () => engine.getDocument('products', productId).price;
  const changePrice = async (db: Db, cents: number) => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ price_cents: cents }).where('id', '=', productId).execute();
      await recordProductChanges(trx, [productId]);
    });
  };

  let a: ReturnType<typeof serverOn>;
  let b: ReturnType<typeof serverOn>;

  it('is built and kept by one server, and the other empties its cache when a change is applied', async () => {
    a = serverOn(shared.connect(), 'server-a');
    expect((await a.indexer.start())?.documents).toBeGreaterThanOrEqual(40);
    b = serverOn(shared.connect(), 'server-b');
    expect(await b.indexer.start()).toBeNull();
    const builtByA = a.counted.writes;
    expect(builtByA).toBeGreaterThan(0);

    await changePrice(shared.database.db, 12_345);
    await until(() => priceInIndex() === 123.45 && b.applied.changes > 0, 'the price change');
    expect(a.counted.writes).toBeGreaterThan(builtByA);

    // A whole-catalogue change is a full build, on the holder alone.
    const beforeRebuild = a.counted.writes;
    const appliedByB = b.applied.changes;
    await shared.database.db.transaction().execute((trx) => recordCatalogueChange(trx));
    await until(() => b.applied.changes > appliedByB, 'the rebuild');
    expect(a.counted.writes - beforeRebuild).toBeGreaterThan(3);
    expect(b.counted.writes).toBe(0);
  });

  it('is taken over by the other server when its holder stops renewing the lease', async () => {
    // Server a loses its database: it can no longer renew, and stops writing once its lease runs out.
    vi.spyOn(a.lease, 'hold').mockRejectedValue(new Error('Connection terminated unexpectedly'));
    await until(() => b.counted.writes > 0, 'the take-over');
    expect(a.lease.isHeld()).toBe(false);
    const writtenByA = a.counted.writes;

    await changePrice(shared.database.db, 9_900);
    await until(() => priceInIndex() === 99, 'the price change after the take-over');
    expect(a.counted.writes).toBe(writtenByA);
    expect(await b.lease.readProgress()).toBeGreaterThan(0);
  });
});
