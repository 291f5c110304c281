/** The worker thread of demo-store-thread.ts: loads the demo store through a database connection of its own, posts its summary. */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../server/db/database.ts';
import type { DemoStoreThreadData } from './demo-store-thread.ts';
import { loadDemoStore } from './load-demo-store.ts';

const { databaseUrl, dataDir, mediaDir, brand, productCount, orderLinks } = workerData as DemoStoreThreadData;
const { db } = openDatabase({ databaseUrl, dataDir });
try {
  parentPort?.postMessage(await loadDemoStore(db, { mediaDir, brand, productCount, orderLinks }));
} finally {
  await db.destroy();
}
