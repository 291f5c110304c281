/** The worker thread of demo-store-thread.ts: loads the demo store through a database connection of its own, posts its summary. */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../server/db/database.ts';
import { openMediaStore } from '../server/media/open-media-store.ts';
import type { DemoStoreThreadData } from './demo-store-thread.ts';
import { loadDemoStore } from './load-demo-store.ts';

const { databaseUrl, dataDir, media, brand, productCount, orderLinks } = workerData as DemoStoreThreadData;
const database = openDatabase({ databaseUrl, dataDir });
try {
  const store = await openMediaStore(media, database);
  try {
    parentPort?.postMessage(await loadDemoStore(database.db, { media: store, brand, productCount, orderLinks }));
  } finally {
    await store.close();
  }
} finally {
  await database.db.destroy();
}
