/**
 * Starts the shop: migrate and load the demo store into an empty database (in a thread of its own), under a lock
 * that servers started together take in turns, build the app (which builds the search index and logs how long
 * that took), serve, and on SIGTERM turn unready, serve out the grace period, finish in-flight requests and stop.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequestHandler } from 'react-router';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { retryWhileDatabaseAway } from './db/connection-errors.ts';
import { openDatabase } from './db/database.ts';
import { Readiness } from './http/readiness.ts';
import { loadServerBuild, webAppRoutes } from './http/web-app.ts';
import { prepareDatabase } from './prepare-database.ts';
import { loadDemoStoreInThread } from '../demo/demo-store-thread.ts';

/** How long a start waits for a database that cannot be reached (restarting, failing over) before it gives up. */
const DATABASE_PATIENCE_MS = 5 * 60_000;

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const whileDatabaseAway = <T>(step: string, run: () => Promise<T>) =>
  retryWhileDatabaseAway(run, {
    patienceMs: DATABASE_PATIENCE_MS,
    onRetry: (error) => console.warn(`${step}: the database cannot be reached (${error.message}); trying again`),
  });
await whileDatabaseAway('preparing the database', () =>
  prepareDatabase(database, {
    dataDir: config.dataDir,
    loadDemoStore: async () => {
      const started = performance.now();
      const summary = await loadDemoStoreInThread({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        media: config.media,
        brand: config.brand,
        orderLinks: { publicUrl: config.publicUrl, orderLinkSecret: config.orderLinkSecret },
      });
      console.log(
        `Loaded the demo store (${summary.products} products) in ${Math.round(performance.now() - started)} ms`,
      );
    },
  }),
);

const build = await loadServerBuild(config.buildDir);
const readiness = new Readiness();
const app = await whileDatabaseAway('starting the app', () =>
  buildApp({
    config,
    database,
    readiness,
    registerWebApp: async (root, { pageCache }) => {
      await root.register(webAppRoutes, {
        config,
        handleRequest: createRequestHandler(build, 'production'),
        root,
        pageCache,
      });
    },
  }),
);

/**
 * Unready at once (/readyz answers 503, responses close their connections), serving on through the grace period
 * (SIGTERM's, from a supervisor, so a load balancer notices; none for Ctrl-C's SIGINT; a second signal ends it),
 * then closing: no new connections, idle ones ended, requests in flight finished.
 */
let stopping = false;
const graceOver = new AbortController();
async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    graceOver.abort();
    return;
  }
  stopping = true;
  readiness.drain();
  const graceMs = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
  app.log.info({ signal, graceMs }, 'unready: serving through the grace period, then finishing in-flight requests');
  await sleep(graceMs, undefined, { signal: graceOver.signal }).catch(() => undefined);
  await app.close();
  await database.db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`The shop is open at ${config.publicUrl}`);
