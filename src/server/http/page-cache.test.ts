import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, cachedPageOf, isStorableResponse, pageGzip, pageHtml, RenderedPageCache, type CachedPage } from './page-cache.ts';

const RENDER_NONCE = 'QjfRDEApyXh0wjqr6pF7ew==';
const html = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">theme()</script></head><body>${'<p>Rib Tank, $28.00</p>'.repeat(500)}` +
  `<script nonce="${nonce}">start()</script><script nonce="${nonce}"></script></body></html>`;

const pageOf = async (text: string, now = 0): Promise<CachedPage> => {
  const page = await cachedPageOf(Buffer.from(text), RENDER_NONCE, new Headers({ 'content-type': 'text/html; charset=utf-8' }), now);
  if (!page) throw new Error('the page is kept');
  return page;
};

describe('a kept page', () => {
  it('is answered with another nonce in every place the render’s stood, as plain HTML or spliced gzip', async () => {
    const page = await pageOf(html(RENDER_NONCE));
    for (const nonce of ['A7NQ4kRcDD+PztvEjdDBMA==', 'EhPY+QVRAk4ULFFB1bDy5g==']) {
      expect(pageHtml(page, nonce).toString()).toBe(html(nonce));
      // gunzip checks the trailer's CRC-32 and length as well as the blocks.
      expect(gunzipSync(pageGzip(page, nonce)).toString()).toBe(html(nonce));
    }
    expect(page.deflatedParts).toHaveLength(4);
    expect(page.bytes).toBeLessThan(html(RENDER_NONCE).length / 10);
  });

  it('holds in memory no more than the bytes it counts', async () => {
    const page = await pageOf(html(RENDER_NONCE));
    const held = new Set(page.deflatedParts.map((part) => part.buffer));
    const partBytes = page.deflatedParts.reduce((sum, part) => sum + part.length, 0);
    expect([...held].reduce((sum, buffer) => sum + buffer.byteLength, 0)).toBe(partBytes);
    expect(partBytes).toBeLessThanOrEqual(page.bytes);
  });

  it('holds HTML without a nonce, or with one at its very start and end, and multi-byte text', async () => {
    for (const text of ['<p>plain, no scripts</p>', `${RENDER_NONCE}<p>Größe: Ärmel</p>${RENDER_NONCE}`, '']) {
      const page = await pageOf(text);
      const fresh = 'EhPY+QVRAk4ULFFB1bDy5g==';
      const expected = text.split(RENDER_NONCE).join(fresh);
      expect(pageHtml(page, fresh).toString()).toBe(expected);
      expect(gunzipSync(pageGzip(page, fresh)).toString()).toBe(expected);
    }
  });

  it('keeps the page’s own headers, not those every answer sets for itself', async () => {
    const headers = new Headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `script-src 'nonce-${RENDER_NONCE}'`,
      'content-length': '10',
      vary: 'Accept-Language',
    });
    const page = await cachedPageOf(Buffer.from('<p>hi</p>'), RENDER_NONCE, headers, 0);
    expect(page?.headers).toEqual([
      ['content-type', 'text/html; charset=utf-8'],
      ['vary', 'Accept-Language'],
    ]);
  });
});

describe('which answers are kept', () => {
  const page = (init: ResponseInit) => new Response('<p>hi</p>', init);
  it('only a 200 HTML page that sets no cookie and does not forbid keeping', () => {
    expect(isStorableResponse(page({ headers: { 'content-type': 'text/html; charset=utf-8' } }))).toBe(true);
    expect(isStorableResponse(page({ status: 404, headers: { 'content-type': 'text/html' } }))).toBe(false);
    expect(isStorableResponse(page({ headers: { 'content-type': 'application/json' } }))).toBe(false);
    expect(isStorableResponse(page({ headers: [['content-type', 'text/html'], ['set-cookie', 'a=1']] }))).toBe(false);
    expect(isStorableResponse(page({ headers: { 'content-type': 'text/html', 'cache-control': 'private, max-age=0' } }))).toBe(false);
    expect(isStorableResponse(page({ headers: { 'content-type': 'text/html', 'cache-control': 'no-store' } }))).toBe(false);
  });

  it('gzip only to a browser that takes it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('the cache of rendered pages', () => {
  it('drops the least recently served page past its count of pages', async () => {
    const cache = new RenderedPageCache({ maxEntries: 2, maxBytes: 1_000_000, maxAgeMs: 60_000 }, () => 0);
    const page = await pageOf(html(RENDER_NONCE));
    for (const key of ['/a', '/b']) cache.store(key, page, cache.generation);
    expect(cache.lookup('/a')).toBe(page);
    cache.store('/c', page, cache.generation);
    expect(cache.lookup('/b')).toBeNull();
    expect(cache.lookup('/a')).toBe(page);
    expect(cache.lookup('/c')).toBe(page);
    expect(cache.size).toBe(2);
  });

  it('holds at most its bytes, and never a page bigger than all of them', async () => {
    const page = await pageOf(html(RENDER_NONCE));
    const cache = new RenderedPageCache({ maxEntries: 100, maxBytes: page.bytes * 3 + 10, maxAgeMs: 60_000 }, () => 0);
    for (const key of ['/a', '/b', '/c', '/d']) cache.store(key, page, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.lookup('/a')).toBeNull();
    const small = new RenderedPageCache({ maxEntries: 100, maxBytes: page.bytes - 1, maxAgeMs: 60_000 }, () => 0);
    expect(small.store('/a', page, small.generation)).toBe(false);
    expect(small.size).toBe(0);
  });

  it('serves a page for its time at most, since pages change by the clock too', async () => {
    let now = 1_000;
    const cache = new RenderedPageCache({ maxEntries: 10, maxBytes: 1_000_000, maxAgeMs: 60_000 }, () => now);
    cache.store('/news', await pageOf(html(RENDER_NONCE), now), cache.generation);
    now += 59_999;
    expect(cache.lookup('/news')).not.toBeNull();
    now += 1;
    expect(cache.lookup('/news')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('keeps no page whose render began before it was emptied', async () => {
    const cache = new RenderedPageCache();
    const page = await pageOf(html(RENDER_NONCE));
    const renderBegan = cache.generation;
    cache.store('/a', page, renderBegan);
    cache.clear();
    expect(cache.lookup('/a')).toBeNull();
    expect(cache.store('/b', page, renderBegan)).toBe(false);
    expect(cache.store('/b', page, cache.generation)).toBe(true);
  });
});
