/**
 * Loads the demo store into an empty, migrated database in one transaction, and writes its media files to the
 * media store.
 * Rows go in as multi-row inserts, chunked so no statement has more parameters than SQLite (32,766) or
 * PostgreSQL (65,535) accept.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { hashPassword } from '../server/accounts/password.ts';
import { recordCatalogueChange } from '../server/catalogue/product-changes.ts';
import { recordContentChange } from '../server/content/content-changes.ts';
import type { Db } from '../server/db/database.ts';
import type { Database } from '../server/db/schema.ts';
import type { MediaStore } from '../server/media/media-store.ts';
import { writeDemoHistory, type OrderLinkSettings } from './demo-order-history.ts';
import { generateDemoStore, type DemoStore } from './demo-store.ts';
import type { MediaFile } from './media.ts';
import { renderMedia } from './render-media.ts';

/** Below both databases' limits on bound parameters in one statement. */
const MAX_PARAMETERS = 30_000;
/** Files rendered and written at a time. */
const WRITE_BATCH = 64;

export interface LoadDemoStoreOptions {
  /** Where /media/… files are kept: the store the media host serves. */
  media: MediaStore;
  brand: string;
  productCount?: number;
  seed?: number;
  /** The clock the store is built around; defaults to the current time. */
  now?: Date;
  /** Delete every existing row first, in the same transaction, so a failed load leaves the old data. */
  wipeFirst?: boolean;
  /**
   * Where the e-mails of the demo customer's past orders link to: the shop's own settings. Without them
   * (benchmarks, tests that read no e-mail) the links are signed with a secret no shop has, and lead nowhere.
   */
  orderLinks?: OrderLinkSettings;
}

export interface DemoSummary {
  brand: string;
  products: number;
  skus: number;
  images: number;
  productTags: number;
  facetTags: number;
  navigationNodes: number;
  pages: number;
  blocks: number;
  posts: number;
  mediaFiles: number;
  customerEmail: string;
  elapsedMs: number;
}

/** Every table, children before parents, so deleting in this order never breaks a foreign key. */
export const TABLES_CHILDREN_FIRST = [
  'outbox',
  'form_submissions',
  'order_events',
  'order_refunds',
  'order_payments',
  'order_attempts',
  'gift_card_entries',
  'store_credit_entries',
  'promo_code_customer_uses',
  'rate_limit_counts',
  'order_lines',
  'gift_cards',
  'orders',
  'sessions',
  'saved_cards',
  'stripe_customers',
  'addresses',
  'customer_tokens',
  'customers',
  'promo_codes',
  'ship_methods',
  'tax_rates',
  'contest_entries',
  'contests',
  'applications',
  'curated_block_products',
  'content_blocks',
  'site_content',
  'posts',
  'product_tags',
  'product_images',
  'skus',
  'products',
  'facet_tags',
  'facet_groups',
  'size_charts',
  'navigation_nodes',
  'sitewide_messages',
  'website_config',
] as const satisfies ReadonlyArray<keyof Database>;

/** Inserts rows in statements of as many rows as the parameter limit allows. */
async function inChunks<Row extends object>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<unknown>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += perStatement) await insert(rows.slice(start, start + perStatement));
}

async function deleteAll(trx: Transaction<Database>): Promise<void> {
  for (const table of TABLES_CHILDREN_FIRST) await trx.deleteFrom(table).execute();
}

/** Deletes every row of every table, in one transaction. */
export async function wipeDatabase(db: Db): Promise<void> {
  await db.transaction().execute(deleteAll);
}

export async function writeMediaFiles(files: readonly MediaFile[], media: MediaStore, brand: string): Promise<void> {
  for (let start = 0; start < files.length; start += WRITE_BATCH) {
    await Promise.all(
      files
        .slice(start, start + WRITE_BATCH)
        .map((file) => media.put(file.path, Buffer.from(renderMedia(file, brand)))),
    );
  }
}

async function insertStore(trx: Transaction<Database>, store: DemoStore, passwordHash: string): Promise<void> {
  const { catalogue, content, accounts } = store;
  await inChunks([store.websiteConfig], (rows) => trx.insertInto('website_config').values(rows).execute());
  await inChunks(store.sitewideMessages, (rows) => trx.insertInto('sitewide_messages').values(rows).execute());
  await inChunks(store.navigation, (rows) => trx.insertInto('navigation_nodes').values(rows).execute());
  await inChunks(store.facetGroups, (rows) => trx.insertInto('facet_groups').values(rows).execute());
  await inChunks(store.facetTags, (rows) => trx.insertInto('facet_tags').values(rows).execute());
  await inChunks(store.sizeCharts, (rows) => trx.insertInto('size_charts').values(rows).execute());
  await inChunks(catalogue.products, (rows) => trx.insertInto('products').values(rows).execute());
  await inChunks(catalogue.skus, (rows) => trx.insertInto('skus').values(rows).execute());
  await inChunks(catalogue.images, (rows) => trx.insertInto('product_images').values(rows).execute());
  await inChunks(catalogue.productTags, (rows) => trx.insertInto('product_tags').values(rows).execute());
  await inChunks(content.siteContent, (rows) => trx.insertInto('site_content').values(rows).execute());
  await inChunks(content.blocks, (rows) => trx.insertInto('content_blocks').values(rows).execute());
  await inChunks(content.curated, (rows) => trx.insertInto('curated_block_products').values(rows).execute());
  await inChunks(store.posts, (rows) => trx.insertInto('posts').values(rows).execute());
  await inChunks(store.contests, (rows) => trx.insertInto('contests').values(rows).execute());
  await inChunks(store.promoCodes, (rows) => trx.insertInto('promo_codes').values(rows).execute());
  await inChunks(store.shipMethods, (rows) => trx.insertInto('ship_methods').values(rows).execute());
  await inChunks(store.taxRates, (rows) => trx.insertInto('tax_rates').values(rows).execute());
  await inChunks([{ ...accounts.customer, password_hash: passwordHash }], (rows) =>
    trx.insertInto('customers').values(rows).execute(),
  );
  await inChunks(accounts.addresses, (rows) => trx.insertInto('addresses').values(rows).execute());
  // The test gateway knows each saved card's token as an approving card, so the demo customer can pay with it.
  const savedCardTokens = accounts.savedCards.map((card) => ({
    token: card.token,
    brand: card.brand.toLowerCase(),
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    test_outcome: 'approved',
    created_at: card.created_at,
  }));
  await inChunks(savedCardTokens, (rows) =>
    trx
      .insertInto('payment_tokens')
      .values(rows)
      .onConflict((conflict) => conflict.column('token').doNothing())
      .execute(),
  );
  await inChunks(accounts.savedCards, (rows) => trx.insertInto('saved_cards').values(rows).execute());
  await inChunks(store.giftCards, (rows) => trx.insertInto('gift_cards').values(rows).execute());
  // The demo customer's past orders are the first placed (demo-order-history.ts): 100001 on.
  await trx.updateTable('order_number_counter').set({ last_number: 100_000 }).where('id', '=', 1).execute();
}

/** Fills an empty (or, with wipeFirst, any) migrated database with the demo store and writes its media to the store. */
export async function loadDemoStore(db: Db, options: LoadDemoStoreOptions): Promise<DemoSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const store = generateDemoStore({
    brand: options.brand,
    productCount: options.productCount,
    seed: options.seed,
    now,
  });
  const passwordHash = await hashPassword(store.accounts.password);
  await writeMediaFiles(store.media, options.media, options.brand);
  await db.transaction().execute(async (trx) => {
    if (options.wipeFirst) await deleteAll(trx);
    await insertStore(trx, store, passwordHash);
    // A running server's indexer rebuilds from the new catalogue and its rendered pages are dropped (npm run demo
    // beside npm start).
    await recordContentChange(trx);
    await recordCatalogueChange(trx);
  });
  // Through the shop's services, which run their own transactions once the store is there.
  const orderLinks = options.orderLinks ?? {
    publicUrl: 'http://localhost:3000',
    orderLinkSecret: randomBytes(32).toString('hex'),
  };
  await writeDemoHistory(db, store.accounts, orderLinks, now);
  return {
    brand: options.brand,
    products: store.catalogue.products.length,
    skus: store.catalogue.skus.length,
    images: store.catalogue.images.length,
    productTags: store.catalogue.productTags.length,
    facetTags: store.facetTags.length,
    navigationNodes: store.navigation.length,
    pages: store.content.siteContent.length,
    blocks: store.content.blocks.length,
    posts: store.posts.length,
    mediaFiles: store.media.length,
    customerEmail: store.accounts.customer.email,
    elapsedMs: Math.round(performance.now() - started),
  };
}
