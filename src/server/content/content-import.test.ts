import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import type { Db } from '../db/database.ts';
import { DEMO_NOW, createTestDatabase, testMediaStore, type TestDatabase } from '../test-support.ts';
import { lastContentChangeSeq } from './content-changes.ts';
import { ContentFolderError } from './content-folder.ts';
import { exportContentFolder, importContentFolder } from './content-import.ts';

const IMPORTED = { now: new Date('2026-11-28T10:00:00Z'), updatedBy: 'content@cli' };

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function emptyFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-import-'));
  folders.push(folder);
  return folder;
}

function folderOf(files: Record<string, string>): string {
  const root = emptyFolder();
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  }
  return root;
}

/** Every file under a folder by its path, with its text. */
function filesOf(root: string): Record<string, string> {
  const names = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md'));
  return Object.fromEntries(names.sort().map((name) => [name, readFileSync(path.join(root, name), 'utf8')]));
}

/** The rows of the tables content is kept in, and of those it must never touch. */
async function snapshot(db: Db) {
  return {
    posts: await db.selectFrom('posts').selectAll().orderBy('id').execute(),
    pages: await db.selectFrom('site_content').selectAll().orderBy('id').execute(),
    blocks: await db.selectFrom('content_blocks').selectAll().orderBy('id').execute(),
    curated: await db
      .selectFrom('curated_block_products')
      .selectAll()
      .orderBy('block_id')
      .orderBy('position')
      .execute(),
    ...(await untouchable(db)),
  };
}

async function untouchable(db: Db) {
  return {
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    orderLines: await db.selectFrom('order_lines').selectAll().orderBy('order_id').orderBy('line_number').execute(),
    customers: await db.selectFrom('customers').selectAll().orderBy('id').execute(),
    products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
  };
}

const POST = `---
title: How to Wash a Print So It Stays Loud
excerpt: Cold water, inside out, no softener.
published: 2026-10-02
author: Sam Ortega
author_role: Care Team
image: /media/posts/care-guide.jpg
image_alt: A pair of boxer briefs drying on a line
products:
  - Men
---

## Cold, inside out

Wash at 30 °C with *like colours*, and skip the softener.
`;

const pageWithBlocks = (productId: string) => `---
name: Winter Drop
meta_title: The Winter Drop
meta_description: Six new prints for the cold months.
blocks:
  - block_type: Default
    name: Winter banner
    images:
      - url: /media/pages/winter.jpg
        width: 1600
        height: 900
        title: Snow on a pine forest
        hex: "#223344"
        href: /shop/new
      - url: /media/pages/snow-texture.jpg
        width: 400
        height: 400
  - block_type: Container
    name: Two columns
    container_class: grid md:grid-cols-2
    blocks:
      - block_type: Html
        name: Left
        breakpoint: desktop
        content: <p>Warm layers.</p>
      - block_type: Curated Product
        name: Picks
        slug: winter-picks
        products:
          - "${productId}"
  - block_type: Sign Up
    name: Newsletter
    fields:
      - email
    form_id: newsletter-winter
products:
  name: Shop the drop
  tags:
    - Men
---

The **winter** drop lands on 1 December.
`;

const FORM_PAGE = `---
name: Dealer Application
meta_title: Dealer Application
meta_description: Carry our prints in your shop.
blocks:
  - block_type: Form
    name: Dealer Application
    fields:
      - email
      - company
    form_id: dealer-application
---
`;

describe('importing and exporting a content folder', () => {
  let database: TestDatabase;
  let productId = '';
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadDemoStore(database.db, {
      media: testMediaStore(database),
      brand: 'acme',
      productCount: 40,
      now: DEMO_NOW,
    });
    productId = (await database.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => database.close());

  it('exports the demo store to a folder that imports back without changing a row', async () => {
    const { db } = database;
    const exported = emptyFolder();
    const counted = await exportContentFolder(db, exported);
    expect(counted.posts).toBeGreaterThan(30);
    const files = filesOf(exported);
    expect(files['pages/home.md']).toMatch(/block_type: Image Fader/);
    expect(files['pages/contest/ultimate.md']).toMatch(/block_type: Form/);
    expect(files['pages/about.md']).toMatch(/block_type: Default[\s\S]*---\n\n/);
    const before = await snapshot(db);
    const seq = await lastContentChangeSeq(db);

    const imported = await importContentFolder(db, exported, IMPORTED);

    expect(imported.posts).toEqual({ created: 0, updated: 0, unchanged: counted.posts });
    expect(imported.pages).toEqual({ created: 0, updated: 0, unchanged: counted.pages });
    expect(await snapshot(db)).toEqual(before);
    expect(await lastContentChangeSeq(db)).toBe(seq);
    const again = emptyFolder();
    await exportContentFolder(db, again);
    expect(filesOf(again)).toEqual(files);
  });

  it('imports a folder in one go, moves the content change counter, and exports the same files', async () => {
    const { db } = database;
    const written = {
      'posts/life/washing-prints.md': POST,
      'pages/winter-drop.md': pageWithBlocks(productId),
      'pages/dealer-application.md': FORM_PAGE,
    };
    const untouched = await untouchable(db);
    const seq = await lastContentChangeSeq(db);

    const imported = await importContentFolder(db, folderOf(written), IMPORTED);

    expect(imported.posts).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(imported.pages).toEqual({ created: 1, updated: 1, unchanged: 0 });
    expect(await lastContentChangeSeq(db)).toBe(seq + 1);
    expect(await untouchable(db)).toEqual(untouched);
    const exported = emptyFolder();
    await exportContentFolder(db, exported);
    const files = filesOf(exported);
    for (const [relative, text] of Object.entries(written)) expect(files[relative]).toBe(text);
  });

  it("replaces a page's blocks on a second import rather than adding to them", async () => {
    const { db } = database;
    const page = pageWithBlocks(productId);
    await importContentFolder(db, folderOf({ 'pages/winter-drop.md': page }), IMPORTED);
    const blocksOf = async () =>
      (
        await db
          .selectFrom('content_blocks')
          .innerJoin('site_content', 'site_content.id', 'content_blocks.content_id')
          .select('content_blocks.name')
          .where('site_content.slug', '=', 'winter-drop')
          .execute()
      ).map((row) => row.name);
    expect(await blocksOf()).toHaveLength(7);

    await importContentFolder(
      db,
      folderOf({
        'pages/winter-drop.md': page.replace(
          '  - block_type: Sign Up\n    name: Newsletter\n',
          '  - block_type: Sign Up\n    name: Join us\n',
        ),
      }),
      IMPORTED,
    );
    const names = await blocksOf();
    expect(names).toHaveLength(7);
    expect(names).toContain('Join us');
    expect(names).not.toContain('Newsletter');
  });

  it('refuses a folder with a bad file, naming the file and field, and writes nothing', async () => {
    const { db } = database;
    const before = await snapshot(db);
    const seq = await lastContentChangeSeq(db);
    const folder = folderOf({
      'posts/news/fine.md': POST.replace('Cold water', 'Warm water'),
      'posts/news/scene.md': POST.replace('/media/posts/care-guide.jpg', 'tropical'),
      'pages/bad-block.md': pageWithBlocks(productId).replace('fields:\n      - email', 'fields: email'),
      'pages/gone-product.md': pageWithBlocks('no-such-product'),
    });

    const problems = await importContentFolder(db, folder, IMPORTED).then(
      () => [],
      (error: unknown) => (error instanceof ContentFolderError ? error.problems : [String(error)]),
    );

    expect(problems).toEqual([expect.stringMatching(/^pages\/bad-block\.md: blocks\.2\.fields: /)]);
    writeFileSync(path.join(folder, 'pages/bad-block.md'), pageWithBlocks(productId));
    const againProblems = await importContentFolder(db, folder, IMPORTED).then(
      () => [],
      (error: unknown) => (error instanceof ContentFolderError ? error.problems : [String(error)]),
    );
    expect(againProblems).toEqual([
      expect.stringMatching(/^posts\/news\/scene\.md: image: "tropical" is a scene only the demo store draws/),
      'pages/gone-product.md: blocks.1.blocks.1.products.0: no product no-such-product in the catalogue',
    ]);
    expect(await snapshot(db)).toEqual(before);
    expect(await lastContentChangeSeq(db)).toBe(seq);
  });

  it('refuses to export a page whose slug is no file name, writing nothing', async () => {
    const { db } = database;
    await db
      .insertInto('site_content')
      .values({
        id: 'page-escape',
        slug: '../escape',
        name: 'Escape',
        meta_title: 'Escape',
        meta_description: 'Out of the folder.',
        created_at: IMPORTED.now.toISOString(),
        updated_at: IMPORTED.now.toISOString(),
        updated_by: 'test',
      })
      .execute();
    const folder = emptyFolder();
    try {
      await expect(exportContentFolder(db, folder)).rejects.toThrow('page ../escape: slug: ');
      expect(filesOf(folder)).toEqual({});
    } finally {
      await db.deleteFrom('site_content').where('id', '=', 'page-escape').execute();
    }
  });

  it('exports only into a new or empty folder', async () => {
    const folder = folderOf({ 'notes.md': 'mine' });
    await expect(exportContentFolder(database.db, folder)).rejects.toThrow(ContentFolderError);
    expect(filesOf(folder)).toEqual({ 'notes.md': 'mine' });
  });
});
