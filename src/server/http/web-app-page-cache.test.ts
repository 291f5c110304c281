import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestHandler } from 'react-router';
import { recordProductChanges } from '../catalogue/product-changes.ts';
import { recordContentChange } from '../content/content-changes.ts';
import { createTestApp } from '../test-support.ts';
import { createWebAppTestShop, type WebAppTestShop } from './web-app-test-support.ts';

let renders = 0;
/**
 * How the next render's search fails, as the search service under load fails it: in the loader, before the page
 * is sent ('loader'), or in a deferred part, while the page streams ('deferred').
 */
let nextSearchFails: 'loader' | 'deferred' | null = null;
/** How long the loaders' search client keeps an answer, as the last render's load context said. */
let loaderSearchCacheSeconds: number | undefined;

/**
 * A stand-in web app whose pages carry the render's nonce where React puts it and show what the API answered:
 * the home page's content (the same for everyone), or the session's user on /account-page (not). A render whose
 * search fails shows no products and tells the load context so, as the shop page's loader does.
 */
const handleRequest: RequestHandler = async (request, context) => {
  if (!context) throw new Error('the web app is handed a load context');
  renders += 1;
  loaderSearchCacheSeconds = context.serverSearch.cacheSearchResultsForSeconds;
  const searchFails = nextSearchFails;
  nextSearchFails = null;
  const url = new URL(request.url);
  const answer = await context.api(
    url.pathname === '/account-page' ? '/session-api/refresh-user' : '/api/site-content/get/home',
  );
  const nonce = context.nonce;
  const head = `<!DOCTYPE html><html><head><script nonce="${nonce}">theme()</script></head>`;
  const products = searchFails ? 'no products' : 'products and filters';
  const body = `<body><main>${url.pathname}${url.search} ${JSON.stringify(answer.body)} ${products}</main><script nonce="${nonce}">start()</script></body></html>`;
  const headers = { 'content-type': 'text/html; charset=utf-8' };
  if (searchFails === 'loader') {
    context.searchFailed();
    // Slow enough that the visits that come meanwhile wait for this render.
    await sleep(50);
  }
  if (searchFails !== 'deferred') return new Response(head + body, { headers });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(head));
      await sleep(20);
      context.searchFailed();
      controller.enqueue(encoder.encode(body));
      controller.close();
    },
  });
  return new Response(stream, { headers });
};

const nonceOfHeader = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const noncesOfHtml = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('the cache of rendered pages', () => {
  let shop: WebAppTestShop<Awaited<ReturnType<typeof createTestApp>>>;
  beforeAll(async () => {
    shop = await createWebAppTestShop(createTestApp, handleRequest);
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.pageCache.clear());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });
  /** An anonymous visit whose page is kept: keeping compresses it off the event loop, after it was sent. */
  const visitKept = async (url: string, headers: Record<string, string> = {}) => {
    const kept = shop.pageCache.size;
    const page = await get(url, headers);
    await expect.poll(() => shop.pageCache.size).toBe(kept + 1);
    return page;
  };

  it('serves an anonymous visitor’s second visit from the cache: the HTML without a nonce, its scripts allowed by hash', async () => {
    const before = renders;
    const first = await visitKept('/shop/women');
    const second = await get('/shop/women');
    const gzipped = await get('/shop/women', { 'accept-encoding': 'gzip, deflate' });
    const brotli = await get('/shop/women', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(renders - before).toBe(1);

    // The first visit is rendered with its own nonce on every inline script.
    const nonce = nonceOfHeader(first.headers['content-security-policy']);
    expect(noncesOfHtml(first.body)).toEqual([nonce, nonce]);
    const withoutNonce = first.body.replaceAll(` nonce="${nonce}"`, '');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    for (const [answer, html] of [
      [second, second.body],
      [gzipped, gunzipSync(gzipped.rawPayload).toString()],
      [brotli, brotliDecompressSync(brotli.rawPayload).toString()],
    ] as const) {
      expect(html).toBe(withoutNonce);
      expect(answer.headers.vary).toContain('Accept-Encoding');
      const policy = String(answer.headers['content-security-policy']);
      expect(policy).not.toContain("'nonce-");
      expect(policy).toContain(`script-src 'self' ${hashOf('theme()')} ${hashOf('start()')};`);
    }
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['acme-version']).toBeDefined();
  });

  it('renders again once a product change is searchable', async () => {
    await visitKept('/');
    const before = renders;
    await shop.db.transaction().execute((trx) => recordProductChanges(trx, ['UPMH1001']));
    await expect.poll(() => shop.pageCache.size, { timeout: 5_000 }).toBe(0);
    await get('/');
    expect(renders - before).toBe(1);
  });

  it('renders again, showing it, once content changes', async () => {
    expect((await visitKept('/')).body).toContain('{"data":null}');
    expect((await get('/')).body).toContain('{"data":null}');
    await shop.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      await trx
        .insertInto('site_content')
        .values({
          id: 'home-page',
          name: 'Home',
          slug: 'home',
          meta_title: 'Fall Drop',
          meta_description: '',
          created_at: at,
          updated_at: at,
          updated_by: 'test',
        })
        .execute();
      await recordContentChange(trx);
    });
    await expect.poll(async () => (await get('/')).body, { timeout: 5_000 }).toContain('Fall Drop');
  });

  it('never keeps or serves a signed-in visitor’s page', async () => {
    const before = renders;
    const signedIn = await get('/', { cookie: 'sid=some-session-secret' });
    await get('/', { cookie: 'sid=some-session-secret' });
    expect(renders - before).toBe(2);
    const anonymous = await visitKept('/');
    expect(renders - before).toBe(3);
    await get('/', { cookie: 'sid=another-secret' });
    expect(renders - before).toBe(4);
    expect(shop.pageCache.size).toBe(1);
    expect(nonceOfHeader(signedIn.headers['content-security-policy'])).not.toBe(
      nonceOfHeader(anonymous.headers['content-security-policy']),
    );
  });

  it('never keeps or serves a page whose query is meant for one visitor (a form’s outcome, a bag link)', async () => {
    await visitKept('/news');
    const before = renders;
    for (const url of [
      '/news?footer-signup=ok:signupThanks',
      '/news?footer-signup=ok:signupThanks',
      '/shop/men?add=UPMH1001-M:2&promo=WELCOME10',
    ]) {
      const page = await get(url);
      expect(page.body).toContain(url);
    }
    await get('/');
    await expect.poll(() => shop.pageCache.size).toBe(2);
    expect(renders - before).toBe(4);
  });

  it('keeps the catalogue’s views apart by their query', async () => {
    const before = renders;
    const dresses = await visitKept('/shop/women?t=dresses&sort=newest');
    const tops = await visitKept('/shop/women?t=tops');
    expect((await get('/shop/women?t=dresses&sort=newest')).body).toBe(dresses.body.replaceAll(/ nonce="[^"]+"/g, ''));
    expect(tops.body).toContain('t=tops');
    expect(renders - before).toBe(2);
  });

  it('never keeps a page made of an answer that is not the same for everyone', async () => {
    const before = renders;
    await get('/account-page');
    await visitKept('/');
    await get('/account-page');
    expect(renders - before).toBe(3);
    expect(shop.pageCache.size).toBe(1);
  });

  it('sends a page whose search failed to its visitor and those waiting on its render, but never keeps it', async () => {
    nextSearchFails = 'loader';
    const before = renders;
    const [failed, ...waited] = await Promise.all(Array.from({ length: 4 }, () => get('/shop/men')));
    for (const page of [failed, ...waited]) {
      expect(page?.statusCode).toBe(200);
      expect(page?.body).toContain('no products');
    }
    expect(renders - before).toBe(1);
    // The next visit renders afresh and asks the search service again: the loaders' client keeps no failure.
    expect(loaderSearchCacheSeconds).toBe(0);
    expect((await visitKept('/shop/men')).body).toContain('products and filters');
    expect((await get('/shop/men')).body).toContain('products and filters');
    expect(renders - before).toBe(2);
  });

  it('never keeps a page whose deferred part failed its search while the page streamed', async () => {
    nextSearchFails = 'deferred';
    const before = renders;
    // The second visit waits for the first one's render, so it is over (and was not kept) when the third comes.
    const visits = await Promise.all([get('/shop/women'), get('/shop/women')]);
    expect(visits.map((visit) => visit.body.includes('no products'))).toEqual([true, true]);
    expect((await visitKept('/shop/women')).body).toContain('products and filters');
    expect(renders - before).toBe(2);
  });
});
