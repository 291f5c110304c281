/**
 * The demo store the server loads at its first start (main.ts), in a worker thread of its own: generating and
 * inserting it leaves some 30 MB of garbage, and code the shop never runs again, which end with the thread's heap
 * instead of staying in the server's (docs/performance/024-server-memory.md).
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../server/db/database.ts';
import { entryModule } from '../server/entry-module.ts';
import type { MediaStoreSettings } from '../server/media/open-media-store.ts';
import type { OrderLinkSettings } from './demo-order-history.ts';
import type { DemoSummary } from './load-demo-store.ts';

/** Where the thread loads the demo store: the server's database, through a connection of its own. */
export interface DemoStoreThreadData {
  databaseUrl: string | null;
  dataDir: string;
  /** The server's media store, which the thread opens with connections of its own. */
  media: MediaStoreSettings;
  brand: string;
  productCount?: number;
  /** Where the demo's order e-mails link to: the server's own settings. */
  orderLinks?: OrderLinkSettings;
}

/** True when the database holds no shop yet (no configuration and no products): the server then loads the demo. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [config, product] = await Promise.all([
    db.selectFrom('website_config').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('products').select('id').limit(1).executeTakeFirst(),
  ]);
  return !config && !product;
}

/** Loads the demo store into the migrated, empty database in a worker thread; answers its summary once the thread has ended. */
export function loadDemoStoreInThread(data: DemoStoreThreadData): Promise<DemoSummary> {
  return new Promise((resolve, reject) => {
    let summary: DemoSummary | null = null;
    let failure: Error | null = null;
    const thread = new Worker(entryModule(import.meta.url, 'demo-store-worker'), { workerData: data });
    thread.on('message', (loaded: DemoSummary) => (summary = loaded));
    thread.on('error', (error) => (failure = error));
    thread.on('exit', (code) => {
      if (summary) resolve(summary);
      else reject(failure ?? new Error(`Loading the demo store stopped (exit code ${code})`));
    });
  });
}
