/**
 * Replaces the shop's data with a fresh demo store:
 *   node --import tsx src/demo/cli.ts [--products 1500] [--seed N]
 * It reads DATA_DIR, DATABASE_URL and BRAND like the server, migrates the database, deletes every row and
 * loads the demo store, writing media to the media store (MEDIA_STORE: DATA_DIR/media unless set). The demo account is demo@{brand}.test with the
 * password 'acme-demo-password'.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { openMediaStore } from '../server/media/open-media-store.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { DEFAULT_PRODUCT_COUNT } from './demo-store.ts';
import { loadDemoStore } from './load-demo-store.ts';

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { products: { type: 'string' }, seed: { type: 'string' } } });
  const productCount = wholeNumber('products', values.products) ?? DEFAULT_PRODUCT_COUNT;
  if (productCount < 1) throw new Error('--products must be at least 1');
  const seed = wholeNumber('seed', values.seed);
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db, dialect } = database;
  try {
    await migrateToLatest(db);
    const media = await openMediaStore(config.media, database);
    try {
      const summary = await loadDemoStore(db, {
        media,
        brand: config.brand,
        productCount,
        seed,
        wipeFirst: true,
        orderLinks: { publicUrl: config.publicUrl, orderLinkSecret: config.orderLinkSecret },
      });
      console.log(
        `Demo store for ${summary.brand} loaded into ${dialect} in ${(summary.elapsedMs / 1000).toFixed(1)} s: ` +
          `${summary.products} products, ${summary.skus} skus, ${summary.images} images, ${summary.productTags} product tags, ` +
          `${summary.pages} pages, ${summary.posts} posts, ${summary.mediaFiles} media files; sign in as ${summary.customerEmail} / ${DEMO_PASSWORD}`,
      );
    } finally {
      await media.close();
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
