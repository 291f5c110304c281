import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support.ts';
import { DatabaseMediaStore } from './database-media-store.ts';
import { startFakeS3, type FakeS3 } from './fake-s3-test-support.ts';
import { FolderMediaStore } from './folder-media-store.ts';
import { readWhole, type MediaEntry, type MediaStore } from './media-store.ts';
import { RecentHeads } from './recent-heads.ts';
import { S3MediaStore, type S3MediaSettings } from './s3-media-store.ts';

const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');

let folder: string;
let database: TestDatabase;
let s3: FakeS3;

function s3Settings(overrides: Partial<S3MediaSettings> = {}): S3MediaSettings {
  return {
    bucket: s3.bucket,
    prefix: '',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  };
}

async function listed(store: MediaStore, prefix?: string): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for await (const entry of store.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'media-store-'));
  database = await createTestDatabase();
  s3 = await startFakeS3({ listPageSize: 2 });
});

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await database.close();
  await s3.close();
});

const stores: Array<[string, () => Promise<MediaStore>]> = [
  ['a folder', async () => new FolderMediaStore(folder)],
  ['the database', () => DatabaseMediaStore.open(database.db, database.dialect)],
  ['an S3-compatible bucket', async () => new S3MediaStore(s3Settings())],
];

describe.each(stores)('the media store in %s', (_name, open) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('keeps what is put: its size, a quoted tag and its type by extension', async () => {
    const put = await store.put('lookbook/summer.mp4', VIDEO);
    expect(put).toMatchObject({ key: 'lookbook/summer.mp4', size: 1000 });
    expect(put.etag).toMatch(/^"[^"]+"$/);

    const head = await store.head('lookbook/summer.mp4');
    expect(head).toMatchObject({ key: 'lookbook/summer.mp4', size: 1000, etag: put.etag, contentType: 'video/mp4' });
    expect(head?.lastModified).toBeInstanceOf(Date);
    expect(Math.abs((head?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const object = await store.get('lookbook/summer.mp4');
    expect(object?.etag).toBe(put.etag);
    expect((await readWhole(object?.body ?? never())).equals(VIDEO)).toBe(true);
  });

  it('reads a byte range without the rest, the size staying the whole object’s', async () => {
    await store.put('lookbook/range.mp4', VIDEO);
    const part = await store.get('lookbook/range.mp4', { start: 10, end: 19 });
    expect(part?.size).toBe(1000);
    expect((await readWhole(part?.body ?? never())).equals(VIDEO.subarray(10, 20))).toBe(true);
    const last = await store.get('lookbook/range.mp4', { start: 999, end: 999 });
    expect((await readWhole(last?.body ?? never())).equals(VIDEO.subarray(999))).toBe(true);
  });

  it('replaces an object put again under its key, under a new tag', async () => {
    const first = await store.put('brand/logo.svg', SVG);
    const changed = Buffer.concat([SVG, Buffer.from('<!-- v2 -->')]);
    const second = await store.put('brand/logo.svg', changed);
    expect(second.etag).not.toBe(first.etag);
    expect((await store.head('brand/logo.svg'))?.size).toBe(changed.length);
    expect((await readWhole((await store.get('brand/logo.svg'))?.body ?? never())).equals(changed)).toBe(true);
  });

  it('keeps keys with spaces and letters beyond ASCII', async () => {
    for (const key of ['products/tee front.png', 'lookbook/été 2026/plage.mp4']) {
      await store.put(key, SVG);
      expect((await store.head(key))?.size, key).toBe(SVG.length);
    }
  });

  it('answers null for a missing key, and for a key that could leave the store', async () => {
    expect(await store.head('products/none.png')).toBeNull();
    expect(await store.get('products/none.png')).toBeNull();
    for (const key of ['../secret.png', 'products/../../secret.png', '.hidden.png', 'a//b.png', '/etc/passwd', '']) {
      expect(await store.head(key), key).toBeNull();
      expect(await store.get(key), key).toBeNull();
      await expect(store.put(key, SVG), key).rejects.toThrow(/not a media key/);
    }
  });

  it('lists the objects under a prefix, across pages', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) await store.put(`listing/${name}.svg`, SVG);
    await store.put('listing-not/f.svg', SVG);
    const entries = await listed(store, 'listing/');
    expect(entries.map((entry) => entry.key)).toEqual(['a', 'b', 'c', 'd', 'e'].map((name) => `listing/${name}.svg`));
    expect(entries[0]).toMatchObject({ size: SVG.length, etag: expect.stringMatching(/^"/) });
    expect((await listed(store)).map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['listing/a.svg', 'listing-not/f.svg', 'lookbook/summer.mp4']),
    );
  });

  it('deletes an object, and deleting a missing one is no error', async () => {
    await store.put('docs/returns.pdf', Buffer.from('%PDF-1.4'));
    await store.delete('docs/returns.pdf');
    expect(await store.head('docs/returns.pdf')).toBeNull();
    await store.delete('docs/returns.pdf');
  });
});

describe('the media store in the database', () => {
  it('keeps the type an upload names', async () => {
    const store = await DatabaseMediaStore.open(database.db, database.dialect);
    await store.put('uploads/notes', Buffer.from('plain'), 'text/plain; charset=utf-8');
    expect((await store.head('uploads/notes'))?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('creates its table once, however many servers open it at the same time', async () => {
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => DatabaseMediaStore.open(database.db, database.dialect)),
    );
    expect(stores).toHaveLength(4);
  });
});

describe('the media store in an S3-compatible bucket', () => {
  it('keeps its keys under the prefix, and lists them without it', async () => {
    const store = new S3MediaStore(s3Settings({ prefix: 'shop-a/' }));
    await store.put('products/cap.png', SVG, 'image/png');
    expect(s3.objects.get('shop-a/products/cap.png')?.contentType).toBe('image/png');
    expect((await listed(store)).map((entry) => entry.key)).toEqual(['products/cap.png']);
    expect(await store.head('products/cap.png')).toMatchObject({ size: SVG.length, contentType: 'image/png' });
    await store.close();
  });

  it('sends each request signed with its access key', async () => {
    const store = new S3MediaStore(s3Settings({ accessKeyId: 'SOMEONE-ELSE' }));
    await expect(store.head('lookbook/summer.mp4')).rejects.toThrow();
    await store.close();
  });
});

describe('RecentHeads', () => {
  it('asks the store once a key while an answer is kept, and again when it is old, written or missing', async () => {
    let now = 0;
    const store = new RecentHeads(new S3MediaStore(s3Settings()), 10_000, () => now);
    await store.put('heads/tee.svg', SVG);
    const heads = () => s3.calls.filter((call) => call.method === 'HEAD' && call.key === 'heads/tee.svg').length;

    const first = await Promise.all([store.head('heads/tee.svg'), store.head('heads/tee.svg')]);
    await store.head('heads/tee.svg');
    expect(heads()).toBe(1);
    expect(first[1]).toEqual(first[0]);

    now += 10_001;
    await store.head('heads/tee.svg');
    expect(heads()).toBe(2);

    const replaced = await store.put('heads/tee.svg', Buffer.concat([SVG, SVG]));
    expect((await store.head('heads/tee.svg'))?.etag).toBe(replaced.etag);
    expect(heads()).toBe(3);

    await store.delete('heads/tee.svg');
    expect(await store.head('heads/tee.svg')).toBeNull();
    expect(await store.head('heads/tee.svg')).toBeNull();
    expect(heads()).toBe(5);
    await store.close();
  });
});

function never(): never {
  throw new Error('The store answered null');
}
