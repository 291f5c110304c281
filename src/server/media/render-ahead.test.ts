import { existsSync } from 'node:fs';
import { constants, getPriority } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobLease } from '../jobs/job-lease.ts';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { createTestDatabase, DEMO_NOW, testMediaStore, type TestDatabase } from '../test-support.ts';
import { ImageRenditions } from './image-renditions.ts';
import { readWhole, type MediaStore } from './media-store.ts';
import { openMediaStore } from './open-media-store.ts';
import {
  RENDER_AHEAD_ACCEPT,
  renderAheadOnOneServer,
  renderAheadPlan,
  renderCacheName,
  renderInOrder,
  startRenderingAhead,
  type PlannedRendition,
  type RenderAheadSource,
  type RenderAheadSummary,
  type RenderingAhead,
} from './render-ahead.ts';

let database: TestDatabase;
let media: RenderAheadSource;
let store: MediaStore;
let cacheDir: string;
let plan: PlannedRendition[];

const quietLog = { info: () => undefined, warn: () => undefined };

async function cacheFileOf(images: ImageRenditions, entry: PlannedRendition): Promise<string> {
  const rendition = await images.find(entry.relative, entry.width, RENDER_AHEAD_ACCEPT);
  if (!rendition) throw new Error(`${entry.relative} is not in the media folder`);
  return rendition.cacheFile;
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = testMediaStore(database);
  media = {
    media: { kind: 'folder', dir: path.join(database.dataDir, 'media') },
    database: { databaseUrl: database.databaseUrl, dataDir: database.dataDir },
  };
  cacheDir = path.join(database.dataDir, 'cache', 'images');
  await loadDemoStore(database.db, { media: store, brand: 'acme', productCount: 30, now: DEMO_NOW });
  plan = await renderAheadPlan(database.db);
});

afterAll(async () => {
  await database.close();
});

describe('renderAheadPlan', () => {
  it('plans the content pictures first, at the widths pages draw them across phones and screens', async () => {
    const blocks = await database.db.selectFrom('content_blocks').select('images').execute();
    const heroes = blocks.flatMap((block) =>
      (JSON.parse(block.images) as Array<{ url: string }>).map((item) => item.url),
    );
    const first = plan[0];
    expect(first?.width).toBe(828);
    expect(heroes).toContain(`/media/${first?.relative}`);
    const widthsOfFirst = plan.filter((entry) => entry.relative === first?.relative).map((entry) => entry.width);
    expect(widthsOfFirst).toEqual([828, 1440, 1242, 2048, 400, 640, 720]);
  });

  it('plans every product picture at the tile widths, swatch chips at 100 px, each rendition once', async () => {
    const pictures = await database.db
      .selectFrom('product_images')
      .select(['url', 'role'])
      .where('enabled', '=', 1)
      .execute();
    const widthsOf = (url: string) =>
      plan
        .filter((entry) => `/media/${entry.relative}` === url)
        .map((entry) => entry.width)
        .sort((a, b) => a - b);
    for (const picture of pictures) {
      if (picture.role === 'color') expect(widthsOf(picture.url)).toContain(100);
      else expect(widthsOf(picture.url)).toEqual(expect.arrayContaining([400, 640, 720]));
    }
    const keys = plan.map((entry) => `${entry.width} ${entry.relative}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('renders each product picture at the phone tile width before any at the wider ones', () => {
    const products = plan.filter(
      (entry) => entry.relative.startsWith('products/') && !entry.relative.includes('chip--'),
    );
    const lastAt400 = products.map((entry) => entry.width).lastIndexOf(400);
    const firstAt720 = products.findIndex((entry) => entry.width === 720);
    expect(lastAt400).toBeLessThan(firstAt720);
  });

  it('plans no more than its limit, the most seen first', async () => {
    expect(await renderAheadPlan(database.db, 25)).toEqual(plan.slice(0, 25));
  });
});

describe('rendering ahead', () => {
  it('renders the planned pictures into the cache, and renders nothing again on the next run', async () => {
    const images = new ImageRenditions(store, cacheDir);
    const some = [
      plan[0],
      plan.find((entry) => entry.relative.includes('chip--')),
      plan.find((entry) => entry.width === 400 && entry.relative.startsWith('products/')),
    ].filter((entry): entry is PlannedRendition => entry !== undefined);
    expect(some).toHaveLength(3);

    expect(await renderInOrder(images, [...some, { relative: 'products/missing.svg', width: 400 }], quietLog)).toEqual({
      rendered: 3,
      kept: 0,
      failed: 1,
    });
    for (const entry of some) expect(existsSync(await cacheFileOf(images, entry))).toBe(true);
    expect(await renderInOrder(images, some, quietLog)).toEqual({ rendered: 0, kept: 3, failed: 0 });
  });

  it('renders in a process of its own at the lowest priority, which exits when done', async () => {
    const images = new ImageRenditions(store, cacheDir);
    const some = plan.filter((entry) => entry.width === 640).slice(0, 2);
    const rendering = startRenderingAhead({ ...media, cacheDir, plan: some }, quietLog);
    expect(getPriority(rendering.pid)).toBe(constants.priority.PRIORITY_LOW);
    expect(await rendering.done).toEqual({ rendered: 2, kept: 0, failed: 0 });
    for (const entry of some) expect(existsSync(await cacheFileOf(images, entry))).toBe(true);
    await rendering.stop();
  });

  it('reads the originals from a media store in the database, through a connection of its own', async () => {
    // On SQLite the process opens the database's file, so this one is on disk rather than in memory.
    const shared = await createTestDatabase({ onDisk: true });
    try {
      const inDatabase = await openMediaStore({ kind: 'database' }, shared);
      const picture = plan[0];
      if (!picture) throw new Error('The plan is empty');
      const original = await store.get(picture.relative);
      if (!original) throw new Error(`${picture.relative} is not in the media folder`);
      await inDatabase.put(picture.relative, await readWhole(original.body));
      const sharedCache = path.join(shared.dataDir, 'cache', 'images');
      const rendering = startRenderingAhead(
        {
          media: { kind: 'database' },
          database: { databaseUrl: shared.databaseUrl, dataDir: shared.dataDir },
          cacheDir: sharedCache,
          plan: [picture],
        },
        quietLog,
      );
      expect(await rendering.done).toEqual({ rendered: 1, kept: 0, failed: 0 });
      const images = new ImageRenditions(inDatabase, sharedCache);
      expect(existsSync(await cacheFileOf(images, picture))).toBe(true);
      await rendering.stop();
      await inDatabase.close();
    } finally {
      await shared.close();
    }
  });

  it('stops its process on request', async () => {
    const rendering = startRenderingAhead({ ...media, cacheDir, plan }, quietLog);
    await rendering.stop();
    expect(await rendering.done).toBeNull();
  });
});

describe('rendering ahead on one of the servers that share a cache', () => {
  it('names a cache folder once, whichever server asks first', async () => {
    const folder = path.join(database.dataDir, 'cache', 'named');
    const names = await Promise.all(Array.from({ length: 6 }, () => renderCacheName(folder)));
    expect(new Set(names).size).toBe(1);
    expect(await renderCacheName(folder)).toBe(names[0]);
    expect(await renderCacheName(path.join(database.dataDir, 'cache', 'another'))).not.toBe(names[0]);
  });

  it('renders on the holder of the lease, and on another server once the holder stops renewing it', async () => {
    const LEASE_MS = 600;
    /** A rendering process that ends when the test says, and which server started it. */
    const renders: Array<{ server: string; finish: (summary: RenderAheadSummary | null) => void }> = [];
    const serverOf = (name: string) => {
      const lease = new JobLease(database.db, 'render-ahead test-cache', name, LEASE_MS);
      const job = renderAheadOnOneServer({
        lease,
        plan: async () => plan.slice(0, 2),
        render: (): RenderingAhead => {
          let finish: (summary: RenderAheadSummary | null) => void = () => undefined;
          const done = new Promise<RenderAheadSummary | null>((resolve) => (finish = resolve));
          renders.push({ server: name, finish });
          return { pid: undefined, done, stop: async () => finish(null) };
        },
        log: quietLog,
      });
      return { lease, job };
    };
    const until = async (condition: () => boolean) => {
      for (let waited = 0; !condition(); waited += 20) {
        if (waited > 10_000) throw new Error('it did not happen within 10 s');
        await sleep(20);
      }
    };

    const a = serverOf('server-a');
    await until(() => renders.length === 1);
    const b = serverOf('server-b');
    await sleep(LEASE_MS);
    expect(renders.map((render) => render.server)).toEqual(['server-a']);

    // Server a stops renewing (its database is gone) while its process renders: b takes the rest over.
    vi.spyOn(a.lease, 'hold').mockRejectedValue(new Error('Connection terminated unexpectedly'));
    await until(() => renders.length === 2);
    expect(renders[1]?.server).toBe('server-b');
    renders[1]?.finish({ rendered: 1, kept: 1, failed: 0 });
    // Done, b gives the cache's lease up.
    await until(() => !b.lease.isHeld());
    await a.job.stop();
    await b.job.stop();
    expect(renders).toHaveLength(2);
  });
});
