/**
 * Starts the shop: migrate, load the demo store into an empty database (in a thread of its own), build the app
 * (which builds the search index and logs how long that took), serve, and stop cleanly on SIGTERM.
 */
import { createRequestHandler } from 'react-router';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { loadServerBuild, webAppRoutes } from './http/web-app.ts';
import { isDatabaseEmpty, loadDemoStoreInThread } from '../demo/demo-store-thread.ts';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
if (await isDatabaseEmpty(database.db)) {
  const started = performance.now();
  const summary = await loadDemoStoreInThread({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    media: config.media,
    brand: config.brand,
    orderLinks: { publicUrl: config.publicUrl, orderLinkSecret: config.orderLinkSecret },
  });
  console.log(`Loaded the demo store (${summary.products} products) in ${Math.round(performance.now() - started)} ms`);
}

const build = await loadServerBuild(config.buildDir);
const app = await buildApp({
  config,
  database,
  registerWebApp: async (root, { pageCache }) => {
    await root.register(webAppRoutes, {
      config,
      handleRequest: createRequestHandler(build, 'production'),
      root,
      pageCache,
    });
  },
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'finishing in-flight requests, then stopping');
  await app.close();
  await database.db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`The shop is open at ${config.publicUrl}`);
