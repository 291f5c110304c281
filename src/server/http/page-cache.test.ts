import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cachedPageOf,
  isStorableResponse,
  keptEncodingFor,
  pageHtml,
  RenderedPageCache,
  type CachedPage,
} from './page-cache.ts';

const RENDER_NONCE = 'QjfRDEApyXh0wjqr6pF7ew==';
const html = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">theme()</script><link rel="modulepreload" href="/a.js" nonce="${nonce}"/></head>` +
  `<body>${'<p>Rib Tank, $28.00</p>'.repeat(500)}<script nonce="${nonce}">start()</script><script nonce="${nonce}"></script>` +
  `<script type="application/json" nonce="${nonce}">{"size":"Größe"}</script><script nonce="${nonce}">start()</script></body></html>`;
const withoutNonce = html('').replaceAll(' nonce=""', '');
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

const pageOf = async (text: string, now = 0): Promise<CachedPage> => {
  const page = await cachedPageOf(
    Buffer.from(text),
    RENDER_NONCE,
    new Headers({ 'content-type': 'text/html; charset=utf-8' }),
    now,
  );
  if (!page) throw new Error('the page is kept');
  return page;
};

describe('a kept page', () => {
  it('is the HTML without the render’s nonce, compressed once in brotli and in gzip', async () => {
    const page = await pageOf(html(RENDER_NONCE));
    expect(brotliDecompressSync(page.encoded.br).toString()).toBe(withoutNonce);
    expect(gunzipSync(page.encoded.gzip).toString()).toBe(withoutNonce);
    expect(pageHtml(page).toString()).toBe(withoutNonce);
    expect(page.encoded.br.length).toBeLessThan(page.encoded.gzip.length);
    expect(page.bytes).toBeLessThan(html(RENDER_NONCE).length / 10);
  });

  it('holds in memory no more than the bytes it counts', async () => {
    const page = await pageOf(html(RENDER_NONCE));
    const held = new Set([page.encoded.br.buffer, page.encoded.gzip.buffer]);
    const encodedBytes = page.encoded.br.length + page.encoded.gzip.length;
    expect([...held].reduce((sum, buffer) => sum + buffer.byteLength, 0)).toBe(encodedBytes);
    expect(encodedBytes).toBeLessThanOrEqual(page.bytes);
  });

  it('allows by their hashes the inline scripts the render gave its nonce, each once, and no other', async () => {
    const slipped = html(RENDER_NONCE).replace(
      '<body>',
      '<body><script>steal()</script><script nonce="guessed">steal()</script>',
    );
    const page = await pageOf(slipped);
    expect(page.scriptSources).toEqual([hashOf('theme()'), hashOf('start()'), hashOf(''), hashOf('{"size":"Größe"}')]);
    // CSP 3's hash of a script: base64 of the SHA-256 of its text in UTF-8 (`printf 'start()' | openssl dgst -sha256 -binary | base64`).
    expect(page.scriptSources).toContain("'sha256-DIm7WJS6ZKDYe5qFLPy+h4JFI9Bol5QmYC57mt3Fb00='");
  });

  it('is not kept when the nonce stands outside a nonce attribute, or a script’s text holds a carriage return', async () => {
    const headers = new Headers({ 'content-type': 'text/html' });
    expect(await cachedPageOf(Buffer.from(`<p>${RENDER_NONCE}</p>`), RENDER_NONCE, headers, 0)).toBeNull();
    expect(
      await cachedPageOf(Buffer.from(`<script nonce="${RENDER_NONCE}">a()\r\nb()</script>`), RENDER_NONCE, headers, 0),
    ).toBeNull();
    expect(await cachedPageOf(Buffer.from('<p>plain, no scripts</p>'), RENDER_NONCE, headers, 0)).not.toBeNull();
    expect(await cachedPageOf(Buffer.from('<p>x</p>'), '', headers, 0)).toBeNull();
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
    expect(
      isStorableResponse(
        page({
          headers: [
            ['content-type', 'text/html'],
            ['set-cookie', 'a=1'],
          ],
        }),
      ),
    ).toBe(false);
    expect(
      isStorableResponse(page({ headers: { 'content-type': 'text/html', 'cache-control': 'private, max-age=0' } })),
    ).toBe(false);
    expect(isStorableResponse(page({ headers: { 'content-type': 'text/html', 'cache-control': 'no-store' } }))).toBe(
      false,
    );
  });

  it('in brotli to a browser that takes it, else in gzip, else plain', () => {
    expect(keptEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(keptEncodingFor('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(keptEncodingFor('*')).toBe('gzip');
    expect(keptEncodingFor('x-gzip')).toBe('gzip');
    expect(keptEncodingFor('br;q=0, gzip;q=0')).toBeNull();
    expect(keptEncodingFor('deflate')).toBeNull();
    expect(keptEncodingFor(undefined)).toBeNull();
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
