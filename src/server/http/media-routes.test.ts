import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import type * as SharpModule from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESPONSIVE_IMAGE_WIDTHS } from '../../shared/constants.ts';
import { FolderMediaStore } from '../media/folder-media-store.ts';
import { RENDERS_AT_ONCE } from '../media/image-renditions.ts';
import type { PlannedRendition } from '../media/render-ahead.ts';
import { JobLease } from '../jobs/job-lease.ts';
import { createTestApp, createTestDatabase } from '../test-support.ts';
import { installErrorHandler } from './errors.ts';
import { mediaRoutes } from './media-routes.ts';

/**
 * Counts every sharp pipeline the server starts, to tell a rendered image from a cached one, and the renders
 * running at once (a pipeline's output asked for and not yet given).
 */
const sharpCalls = vi.hoisted(() => ({ count: 0, running: 0, mostAtOnce: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const actual = await importOriginal<typeof SharpModule>();
  const counted = (...args: Parameters<typeof actual.default>) => {
    sharpCalls.count += 1;
    const pipeline = actual.default(...args);
    const toBuffer = pipeline.toBuffer.bind(pipeline);
    const countedToBuffer = async () => {
      sharpCalls.running += 1;
      sharpCalls.mostAtOnce = Math.max(sharpCalls.mostAtOnce, sharpCalls.running);
      try {
        return await toBuffer();
      } finally {
        sharpCalls.running -= 1;
      }
    };
    return Object.assign(pipeline, { toBuffer: countedToBuffer as typeof pipeline.toBuffer });
  };
  return { ...actual, default: Object.assign(counted, actual.default) };
});

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const AVIF_ONLY_ACCEPT = 'image/avif,image/*;q=0.8';
const WEBP_ACCEPT = 'image/webp,*/*';
const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">' +
  '<script>alert(document.cookie)</script><rect width="200" height="100" fill="#1d4ed8"/></svg>';
const VIDEO_BYTES = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));

let root: string;
let mediaDir: string;
let cacheDir: string;
let app: FastifyInstance;

async function raster(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#c2410c' } });
}

async function widthOf(payload: Buffer) {
  return (await sharp(payload).metadata()).width;
}

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** A GET whose path is sent byte for byte, without the normalization fetch and inject() apply. */
function rawGet(port: number, requestPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: requestPath, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    request.on('error', reject);
  });
}

function cachedFiles(): string[] {
  if (!existsSync(cacheDir)) return [];
  return readdirSync(cacheDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'media-routes-'));
  mediaDir = path.join(root, 'media');
  cacheDir = path.join(root, 'cache');
  mkdirSync(path.join(mediaDir, 'products'), { recursive: true });
  mkdirSync(path.join(mediaDir, 'lookbook'), { recursive: true });
  mkdirSync(path.join(mediaDir, 'docs'), { recursive: true });
  mkdirSync(path.join(root, 'data'), { recursive: true });
  mkdirSync(path.join(root, 'outside'), { recursive: true });

  await (await raster(1200, 800)).png().toFile(path.join(mediaDir, 'products', 'tee.png'));
  await (await raster(1200, 800)).png().toFile(path.join(mediaDir, 'products', 'cap.png'));
  await (await raster(300, 200)).jpeg().toFile(path.join(mediaDir, 'products', 'small.jpg'));
  await (await raster(300, 200)).png().toFile(path.join(mediaDir, 'products', 'tee front.png'));
  await (await raster(50, 50)).png().toFile(path.join(mediaDir, '.hidden.png'));
  await (await raster(50, 50)).png().toFile(path.join(root, 'outside', 'secret.png'));
  writeFileSync(path.join(mediaDir, 'products', 'logo.svg'), SVG_WITH_SCRIPT);
  writeFileSync(path.join(mediaDir, 'products', 'broken.png'), 'this is not a png');
  writeFileSync(path.join(mediaDir, 'lookbook', 'summer.mp4'), VIDEO_BYTES);
  writeFileSync(path.join(mediaDir, 'docs', 'returns.pdf'), '%PDF-1.4 returns policy');
  writeFileSync(path.join(mediaDir, 'docs', 'page.html'), '<script>alert(1)</script>');
  writeFileSync(path.join(root, 'data', 'shop.sqlite'), 'SQLite format 3');
  symlinkSync(path.join(root, 'outside', 'secret.png'), path.join(mediaDir, 'products', 'escape.png'));
  symlinkSync(path.join(root, 'data', 'shop.sqlite'), path.join(mediaDir, 'docs', 'escape.mp4'));
  symlinkSync(path.join(mediaDir, 'products', 'tee.png'), path.join(mediaDir, 'products', 'alias.png'));

  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandler(app);
  await app.register(mediaRoutes, { store: new FolderMediaStore(mediaDir), cacheDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  sharpCalls.count = 0;
});

describe('GET /images/*', () => {
  it('resizes to the requested responsive width as WebP when the browser takes it', async () => {
    const response = await get('/images/products/tee.png?w=640', { accept: CHROME_ACCEPT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.vary).toBe('Accept');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(await widthOf(response.rawPayload)).toBe(640);
  });

  it('serves AVIF to a browser that takes AVIF but not WebP', async () => {
    const avif = await get('/images/products/tee.png?w=400', { accept: AVIF_ONLY_ACCEPT });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
  });

  it('falls back to WebP, then to the source format, and rasterizes SVG to PNG', async () => {
    const webp = await get('/images/products/tee.png?w=400', { accept: WEBP_ACCEPT });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');

    const png = await get('/images/products/tee.png?w=400', { accept: 'image/*' });
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).format).toBe('png');

    const jpeg = await get('/images/products/small.jpg');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');

    const refused = await get('/images/products/tee.png?w=400', { accept: 'image/avif;q=0, image/webp;q=0' });
    expect(refused.headers['content-type']).toBe('image/png');
  });

  it('snaps a width up to the next responsive width and never upscales a raster', async () => {
    expect(await widthOf((await get('/images/products/tee.png?w=600')).rawPayload)).toBe(640);
    expect(await widthOf((await get('/images/products/tee.png?w=1000')).rawPayload)).toBe(1024);
    expect(await widthOf((await get('/images/products/tee.png?w=2048')).rawPayload)).toBe(1200);
    expect(await widthOf((await get('/images/products/tee.png?w=5000')).rawPayload)).toBe(1200);
    expect(await widthOf((await get('/images/products/tee.png')).rawPayload)).toBe(1200);
    expect(await widthOf((await get('/images/products/small.jpg?w=1024')).rawPayload)).toBe(300);
  });

  it('never serves SVG from the image host: it is rasterized at the wanted width', async () => {
    const response = await get('/images/products/logo.svg?w=1024', { accept: WEBP_ACCEPT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.toString('latin1')).not.toContain('<script');
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 1024, 512]);

    const plain = await get('/images/products/logo.svg');
    expect(plain.headers['content-type']).toBe('image/png');
    expect(await widthOf(plain.rawPayload)).toBe(200);
  });

  it('serves a path with encoded spaces', async () => {
    const response = await get('/images/products/tee%20front.png?w=200');
    expect(response.statusCode).toBe(200);
    expect(await widthOf(response.rawPayload)).toBe(200);
  });

  it('keeps each rendering on disk, so the second request does not run sharp', async () => {
    const before = cachedFiles().length;
    const first = await get('/images/products/cap.png?w=828', { accept: WEBP_ACCEPT });
    expect(sharpCalls.count).toBe(1);
    expect(cachedFiles()).toHaveLength(before + 1);

    const second = await get('/images/products/cap.png?w=828', { accept: WEBP_ACCEPT });
    expect(sharpCalls.count).toBe(1);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('image/webp');
    expect(Number(second.headers['content-length'])).toBe(first.rawPayload.length);

    // A width that snaps to the same responsive width is the same rendering.
    await get('/images/products/cap.png?w=800', { accept: WEBP_ACCEPT });
    expect(sharpCalls.count).toBe(1);

    // Another format is another rendering, with another ETag.
    const avif = await get('/images/products/cap.png?w=828', { accept: AVIF_ONLY_ACCEPT });
    expect(sharpCalls.count).toBe(2);
    expect(avif.headers.etag).not.toBe(first.headers.etag);
  });

  it('shares one rendering between concurrent identical requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => get('/images/products/cap.png?w=720', { accept: CHROME_ACCEPT })),
    );
    expect(sharpCalls.count).toBe(1);
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(responses[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('runs at most RENDERS_AT_ONCE renders at once, however many first views arrive together', async () => {
    await (await raster(1200, 800)).png().toFile(path.join(mediaDir, 'products', 'crowd.png'));
    sharpCalls.count = 0;
    sharpCalls.mostAtOnce = 0;
    const urls = [
      ...RESPONSIVE_IMAGE_WIDTHS.map((width) => ({
        url: `/images/products/crowd.png?w=${width}`,
        accept: WEBP_ACCEPT,
      })),
      ...RESPONSIVE_IMAGE_WIDTHS.slice(0, 4).map((width) => ({
        url: `/images/products/crowd.png?w=${width}`,
        accept: AVIF_ONLY_ACCEPT,
      })),
    ];
    // Counted where the server asks for a render's output: sharp's own process-wide counters also saw a render
    // finishing as the next one started, and failed now and then on a loaded machine.
    const responses = await Promise.all(urls.map(({ url, accept }) => get(url, { accept })));
    expect(responses.map((response) => response.statusCode)).toEqual(urls.map(() => 200));
    expect(sharpCalls.count).toBe(urls.length);
    expect(sharpCalls.mostAtOnce).toBeGreaterThan(0);
    expect(sharpCalls.mostAtOnce).toBeLessThanOrEqual(RENDERS_AT_ONCE);
  });

  it('renders again, under a new ETag, when the source changes', async () => {
    const first = await get('/images/products/cap.png?w=200');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(mediaDir, 'products', 'cap.png'), later, later);
    const second = await get('/images/products/cap.png?w=200');
    expect(sharpCalls.count).toBe(2);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get('/images/products/tee.png?w=100');
    const again = await get('/images/products/tee.png?w=100', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/images/products/tee.png?w=100' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
    expect(response.rawPayload).toHaveLength(0);
  });

  it.each(['abc', '0', '-5', '1.5', '640px', '99999', '1e3', ''])('refuses w=%s with 400', async (width) => {
    const response = await get(`/images/products/tee.png?w=${width}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'w: must be a whole number of pixels from 1 to 8192' });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('refuses a repeated w with 400', async () => {
    expect((await get('/images/products/tee.png?w=100&w=200')).statusCode).toBe(400);
  });

  it('answers 404 for a missing file, a folder, a non-image and an unreadable image', async () => {
    for (const url of [
      '/images/products/none.png',
      '/images/products',
      '/images/products/',
      '/images/docs/returns.pdf',
      '/images/lookbook/summer.mp4',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error');
    }
    const broken = await get('/images/products/broken.png?w=100');
    expect(broken.statusCode).toBe(404);
    expect(broken.json()).toEqual({ error: 'The image could not be read' });
    expect(broken.headers['cache-control']).toBeUndefined();
  });

  it('follows a symlink that stays inside the media folder', async () => {
    expect((await get('/images/products/alias.png?w=100')).statusCode).toBe(200);
  });
});

describe('GET /content/*', () => {
  it('streams a video with its type, length and range support', async () => {
    const response = await get('/content/lookbook/summer.mp4?format=mp4');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe('1000');
    expect(response.rawPayload.equals(VIDEO_BYTES)).toBe(true);
    expect(response.headers.etag).toBeTruthy();
  });

  it('accepts format=mp4 only for an mp4 file', async () => {
    expect((await get('/content/lookbook/summer.mp4')).statusCode).toBe(200);
    for (const url of [
      '/content/lookbook/summer.mp4?format=webm',
      '/content/lookbook/summer.mp4?format=',
      '/content/lookbook/summer.mp4?format=mp4&format=mp4',
      '/content/docs/returns.pdf?format=mp4',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'format: must be mp4, and only for an .mp4 file' });
    }
  });

  it('answers byte ranges of a video with 206', async () => {
    const head = await get('/content/lookbook/summer.mp4', { range: 'bytes=0-99' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe('bytes 0-99/1000');
    expect(head.headers['content-length']).toBe('100');
    expect(head.rawPayload.equals(VIDEO_BYTES.subarray(0, 100))).toBe(true);

    const tail = await get('/content/lookbook/summer.mp4', { range: 'bytes=-10' });
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    expect(tail.rawPayload.equals(VIDEO_BYTES.subarray(990))).toBe(true);

    const open = await get('/content/lookbook/summer.mp4', { range: 'bytes=900-' });
    expect(open.headers['content-range']).toBe('bytes 900-999/1000');

    const beyond = await get('/content/lookbook/summer.mp4', { range: 'bytes=5000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
    expect(beyond.json()).toEqual({ error: 'The requested range is not satisfiable' });
  });

  it('sends the whole file for several ranges or a stale If-Range', async () => {
    expect((await get('/content/lookbook/summer.mp4', { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
    expect((await get('/content/lookbook/summer.mp4', { range: 'bytes=0-1', 'if-range': '"stale"' })).statusCode).toBe(
      200,
    );
    const { etag } = (await get('/content/lookbook/summer.mp4')).headers;
    expect(
      (await get('/content/lookbook/summer.mp4', { range: 'bytes=0-1', 'if-range': String(etag) })).statusCode,
    ).toBe(206);
  });

  it('answers HEAD without reading the body and If-None-Match with 304', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/content/lookbook/summer.mp4' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.rawPayload).toHaveLength(0);

    const again = await get('/content/lookbook/summer.mp4', { 'if-none-match': String(head.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves documents inline and anything unknown as a download', async () => {
    const pdf = await get('/content/docs/returns.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBeUndefined();
    expect(pdf.headers['accept-ranges']).toBeUndefined();

    const html = await get('/content/docs/page.html');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-disposition']).toBe('attachment');
  });

  it('leaves images to the image host', async () => {
    for (const url of ['/content/products/tee.png', '/content/products/logo.svg']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('paths that try to leave the media folder', () => {
  const attempts = [
    '/images/../data/shop.sqlite',
    '/images/products/../../data/shop.sqlite',
    '/images/%2e%2e/data/shop.sqlite',
    '/images/%2E%2E%2Fdata%2Fshop.sqlite',
    '/images/..%2f..%2foutside%2fsecret.png',
    '/images/..%5coutside%5csecret.png',
    '/images//etc/passwd',
    '/images/%2Fetc%2Fpasswd',
    '/images/products/tee.png%00.svg',
    '/images/.hidden.png',
    '/images/%2ehidden.png',
    '/images/products/escape.png',
    '/content/../data/shop.sqlite',
    '/content/%2e%2e/data/shop.sqlite',
    '/content/docs/%2e%2e%2f..%2fdata%2fshop.sqlite',
    '/content/docs/escape.mp4',
    '/content/%252e%252e/data/shop.sqlite',
  ];

  it.each(attempts)('answers %s with 404', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.toString()).not.toContain('SQLite');
    expect(response.json()).toHaveProperty('error');
  });

  // inject() normalizes `..` the way URL parsing does; a raw socket delivers the path exactly as written.
  it('answers every attempt with 404 over a real socket, where the path arrives unnormalized', async () => {
    const server = Fastify({ logger: false });
    server.setValidatorCompiler(validatorCompiler);
    installErrorHandler(server);
    await server.register(mediaRoutes, { store: new FolderMediaStore(mediaDir), cacheDir });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      for (const url of attempts) {
        const { status, body } = await rawGet(port, url);
        expect(status, url).toBe(404);
        expect(body, url).not.toContain('SQLite');
        // Refused by the media routes themselves, not by a router that normalized the path away.
        expect(body, url).toMatch(/was not found/);
      }
      expect((await rawGet(port, '/images/products/tee.png?w=100')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers an absolute path built at run time with 404', async () => {
    const absolute = encodeURIComponent(path.join(root, 'outside', 'secret.png'));
    expect((await get(`/images/${absolute}`)).statusCode).toBe(404);
    expect((await get(`/images/${path.join(root, 'outside', 'secret.png').slice(1)}`)).statusCode).toBe(404);
  });
});

describe('as the server mounts it', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    shop = await createTestApp();
    const shopMedia = path.join(shop.config.dataDir, 'media');
    mkdirSync(path.join(shopMedia, 'lookbook'), { recursive: true });
    await (await raster(300, 200)).png().toFile(path.join(shopMedia, 'tee.png'));
    writeFileSync(path.join(shopMedia, 'lookbook', 'summer.mp4'), VIDEO_BYTES);
  });
  afterAll(() => shop.close());

  it('serves images and uncompressed video ranges next to compression and security headers', async () => {
    const image = await shop.app.inject({ method: 'GET', url: '/images/tee.png?w=100' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(existsSync(path.join(shop.config.dataDir, 'cache', 'images'))).toBe(true);

    const range = await shop.app.inject({
      method: 'GET',
      url: '/content/lookbook/summer.mp4?format=mp4',
      headers: { range: 'bytes=10-19', 'accept-encoding': 'gzip' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.equals(VIDEO_BYTES.subarray(10, 20))).toBe(true);

    const missing = await shop.app.inject({ method: 'GET', url: '/images/%2e%2e/data/shop.sqlite' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('error');
  });
});

describe('rendering ahead of need', () => {
  it('starts once the server listens on one of the servers sharing the cache, and stops when it closes', async () => {
    const shopMedia = path.join(root, 'ahead-media');
    const shopCache = path.join(root, 'ahead-cache');
    mkdirSync(shopMedia, { recursive: true });
    await (await raster(1200, 800)).png().toFile(path.join(shopMedia, 'hero.png'));
    const database = await createTestDatabase();
    const rendered = () =>
      existsSync(shopCache)
        ? readdirSync(shopCache, { recursive: true }).filter((name) => String(name).endsWith('.webp')).length
        : 0;
    const serverOf = async (name: string) => {
      // What the cache held when the server planned.
      const planned = vi.fn(async (): Promise<PlannedRendition[]> => {
        renderedBefore.push(rendered());
        return [
          { relative: 'hero.png', width: 400 },
          { relative: 'hero.png', width: 828 },
        ];
      });
      const renderedBefore: number[] = [];
      const server = Fastify({ logger: false });
      server.setValidatorCompiler(validatorCompiler);
      await server.register(mediaRoutes, {
        store: new FolderMediaStore(shopMedia),
        cacheDir: shopCache,
        renderAhead: {
          plan: planned,
          leaseOf: (job) => new JobLease(database.db, job, name, 60_000),
          media: { kind: 'folder', dir: shopMedia },
          database: { databaseUrl: null, dataDir: root },
        },
      });
      await server.ready();
      return { server, planned, renderedBefore };
    };
    const first = await serverOf('server-a');
    const second = await serverOf('server-b');
    expect(first.planned).not.toHaveBeenCalled();

    await first.server.listen({ port: 0, host: '127.0.0.1' });
    await second.server.listen({ port: 0, host: '127.0.0.1' });
    for (let waited = 0; rendered() < 2 && waited < 20_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rendered()).toBe(2);
    expect(first.renderedBefore).toEqual([0]);
    // The second server waits its turn, which comes once the first has rendered and given the cache's lease up.
    expect(second.renderedBefore.filter((count) => count < 2)).toEqual([]);
    await first.server.close();
    await second.server.close();
    await database.close();
  });
});
