import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../demo/load-demo-store.ts';
import { buildApp } from '../app.ts';
import { SearchEngine } from '../search/engine.ts';
import { createTestDatabase, DEMO_NOW, testConfig, type TestDatabase } from '../test-support.ts';
import { startFakeS3, type FakeS3 } from './fake-s3-test-support.ts';
import { openMediaStore, type MediaStoreSettings } from './open-media-store.ts';

const VIDEO = Buffer.from(Array.from({ length: 4000 }, (_, index) => (index * 7) % 256));
const WEBP = 'image/webp,*/*';

let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3();
});

afterAll(() => s3.close());

const shared: Array<[string, () => MediaStoreSettings]> = [
  ['the database', () => ({ kind: 'database' })],
  [
    'an S3-compatible bucket',
    () => ({
      kind: 's3',
      bucket: s3.bucket,
      prefix: 'shop/',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    }),
  ],
];

describe.each(shared)('two servers whose media store is %s', (_name, settingsOf) => {
  let database: TestDatabase;
  let settings: MediaStoreSettings;
  const dataDirs: string[] = [];
  let loader: FastifyInstance;
  let other: FastifyInstance;
  let picture: string;

  async function startServer(): Promise<FastifyInstance> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shared-media-'));
    dataDirs.push(dataDir);
    return buildApp({
      logger: false,
      config: testConfig(dataDir, { media: settings }),
      database,
      searchEngine: new SearchEngine(),
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    settings = settingsOf();
    // The first server loads the demo store into the empty database, as main.ts does; the other loads nothing.
    const store = await openMediaStore(settings, database);
    await loadDemoStore(database.db, { media: store, brand: 'acme', productCount: 12, now: DEMO_NOW });
    await store.put('lookbook/summer.mp4', VIDEO);
    await store.close();
    loader = await startServer();
    other = await startServer();
    const row = await database.db.selectFrom('product_images').select('url').orderBy('id').executeTakeFirstOrThrow();
    picture = row.url.replace(/^\/media\//, '');
  });

  afterAll(async () => {
    await loader?.close();
    await other?.close();
    await database.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every picture from both servers, neither holding the originals on its disk', async () => {
    const answers = await Promise.all(
      [loader, other].map((app) => app.inject({ url: `/images/${picture}?w=400`, headers: { accept: WEBP } })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(400);
    }
    expect(answers[1]?.headers.etag).toBe(answers[0]?.headers.etag);
    for (const dataDir of dataDirs) {
      expect(existsSync(path.join(dataDir, 'media'))).toBe(false);
      // Each server's disk is a cache of the renditions it made.
      const cached = readdirSync(path.join(dataDir, 'cache', 'images'), { recursive: true });
      expect(cached.filter((name) => String(name).endsWith('.webp'))).toHaveLength(1);
    }
  });

  it('serves a video’s byte ranges from the server that did not store it', async () => {
    const range = await other.inject({ url: '/content/lookbook/summer.mp4', headers: { range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 100-199/4000');
    expect(range.rawPayload.equals(VIDEO.subarray(100, 200))).toBe(true);

    const whole = await other.inject({ url: '/content/lookbook/summer.mp4?format=mp4' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('4000');
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);
    expect(
      (
        await other.inject({
          url: '/content/lookbook/summer.mp4',
          headers: { 'if-none-match': String(whole.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
  });

  it('serves a file another server stored after both started, on its first request', async () => {
    const url = '/images/uploads/new-arrival.png?w=100';
    expect((await other.inject({ url })).statusCode).toBe(404);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    // An upload on the first server (the back office writes through the same store).
    const store = await openMediaStore(settings, database);
    await store.put('uploads/new-arrival.png', png);
    await store.close();
    const answer = await other.inject({ url });
    expect(answer.statusCode).toBe(200);
    expect((await sharp(answer.rawPayload).metadata()).width).toBe(100);
  });
});
