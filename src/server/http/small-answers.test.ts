import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../test-support.ts';
import { answerEncoding, COMPRESSION_THRESHOLD_BYTES, SMALL_ANSWER_MAX_BYTES } from './small-answers.ts';

describe('answerEncoding', () => {
  it('chooses as @fastify/compress does: brotli first, a q of 0 refuses, * and x-gzip stand for gzip', () => {
    expect(answerEncoding('gzip, deflate, br')).toBe('br');
    expect(answerEncoding('br;q=0, gzip')).toBe('gzip');
    expect(answerEncoding('deflate')).toBe('deflate');
    expect(answerEncoding('x-gzip')).toBe('gzip');
    expect(answerEncoding('*')).toBe('gzip');
    expect(answerEncoding('identity')).toBeNull();
    expect(answerEncoding('zstd')).toBeNull();
    expect(answerEncoding(undefined)).toBeNull();
  });
});

describe('API answers compressed in one call', () => {
  let shop: Awaited<ReturnType<typeof createDemoTestApp>>;
  beforeAll(async () => {
    shop = await createDemoTestApp();
  });
  afterAll(() => shop.close());

  const get = (url: string, acceptEncoding?: string) =>
    shop.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('a small JSON answer comes whole, with its length, in the encoding the browser prefers', async () => {
    const url = '/api/products/10001';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.body.length).toBeLessThan(SMALL_ANSWER_MAX_BYTES);
    for (const [accept, encoding, decompress] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
      ['deflate', 'deflate', inflateSync],
    ] as const) {
      const response = await get(url, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decompress(response.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('an answer under the threshold goes as it is; a long one still streams compressed', async () => {
    const small = await get('/healthz', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });

    const url = '/api/site-content/get/home';
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(SMALL_ANSWER_MAX_BYTES);
    const long = await get(url, 'br');
    expect(long.headers['content-encoding']).toBe('br');
    expect(long.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(long.rawPayload).toString()).toBe(plain.body);
  });
});
