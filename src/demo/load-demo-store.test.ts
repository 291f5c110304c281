import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebsiteConfig } from '../server/content/website-config-repository.ts';
import { verifyPassword } from '../server/accounts/password.ts';
import { migrateToLatest, openDatabase, type Db } from '../server/db/database.ts';
import { FolderMediaStore } from '../server/media/folder-media-store.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { isDatabaseEmpty } from './demo-store-thread.ts';
import { loadDemoStore, type DemoSummary, type TABLES_CHILDREN_FIRST } from './load-demo-store.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
let db: Db;
let mediaDir: string;
let summary: DemoSummary;

async function count(table: (typeof TABLES_CHILDREN_FIRST)[number]): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'demo-media-'));
  db = openDatabase({ databaseUrl: null, dataDir: mediaDir, sqliteFile: ':memory:' }).db;
  await migrateToLatest(db);
  expect(await isDatabaseEmpty(db)).toBe(true);
  summary = await loadDemoStore(db, { media: new FolderMediaStore(mediaDir), brand: 'acme', now: NOW });
});

afterAll(async () => {
  await db.destroy();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('loadDemoStore', () => {
  it('loads the counts it reports', async () => {
    expect(summary.products).toBe(1500);
    expect(await count('products')).toBe(summary.products);
    expect(await count('skus')).toBe(summary.skus);
    expect(await count('product_images')).toBe(summary.images);
    expect(await count('product_tags')).toBe(summary.productTags);
    expect(await count('facet_tags')).toBe(summary.facetTags);
    expect(await count('navigation_nodes')).toBe(summary.navigationNodes);
    expect(await count('site_content')).toBe(summary.pages);
    expect(await count('content_blocks')).toBe(summary.blocks);
    expect(await count('posts')).toBe(summary.posts);
    expect(await count('customers')).toBe(1);
    expect(await count('orders')).toBeGreaterThanOrEqual(2);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it('keeps every foreign key', async () => {
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    expect(broken.rows).toEqual([]);
  });

  it('writes an SVG file for every image row', async () => {
    const images = await db.selectFrom('product_images').select('url').distinct().execute();
    for (const { url } of images) {
      const file = readFileSync(path.join(mediaDir, url.replace(/^\/media\//, '')), 'utf8');
      expect(file.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    }
    const config = await readWebsiteConfig(db, 'acme');
    expect(config?.acme_logo?.url).toBe('/media/brand/acme-logo.svg');
    expect(readFileSync(path.join(mediaDir, 'brand/acme-logo-dark.svg'), 'utf8')).toContain('ACME');
    expect(config?.navigation.find((n) => n._id === 'men')?.children.find((c) => c._id === 'men-underwear')?.hash).toBe(
      'nav:men:men-underwear',
    );
  });

  it('stores the demo password as an scrypt hash', async () => {
    const customer = await db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', 'demo@acme.test')
      .executeTakeFirstOrThrow();
    expect(customer.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(DEMO_PASSWORD, customer.password_hash)).toBe(true);
  });

  it('gives the demo customer a saved card the test gateway can charge', async () => {
    const card = await db
      .selectFrom('saved_cards')
      .innerJoin('payment_tokens', 'payment_tokens.token', 'saved_cards.token')
      .select(['payment_tokens.brand', 'payment_tokens.last4', 'payment_tokens.test_outcome'])
      .executeTakeFirstOrThrow();
    expect(card).toEqual({ brand: 'visa', last4: '4242', test_outcome: 'approved' });
  });

  it('replaces the data when asked to wipe first', async () => {
    const again = await loadDemoStore(db, {
      media: new FolderMediaStore(mediaDir),
      brand: 'acme',
      now: NOW,
      productCount: 120,
      seed: 3,
      wipeFirst: true,
    });
    expect(await count('products')).toBe(120);
    expect(await count('skus')).toBe(again.skus);
    expect(await count('website_config')).toBe(1);
    await expect(
      loadDemoStore(db, { media: new FolderMediaStore(mediaDir), brand: 'acme', now: NOW, productCount: 10 }),
    ).rejects.toThrow();
    expect(await count('products')).toBe(120);
  });
});
