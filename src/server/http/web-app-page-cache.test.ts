import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestHandler } from 'react-router';
import { recordProductChanges } from '../catalogue/product-changes.ts';
import { recordContentChange } from '../content/content-changes.ts';
import { createTestApp, testConfig } from '../test-support.ts';
import type { RenderedPageCache } from './page-cache.ts';
import { webAppRoutes } from './web-app.ts';

let renders = 0;

/**
 * A stand-in web app whose pages carry the render's nonce where React puts it and show what the API answered:
 * the home page's content (the same for everyone), or the session's user on /account-page (not).
 */
const handleRequest: RequestHandler = async (request, context) => {
  if (!context) throw new Error('the web app is handed a load context');
  renders += 1;
  const url = new URL(request.url);
  const answer = await context.api(
    url.pathname === '/account-page' ? '/session-api/refresh-user' : '/api/site-content/get/home',
  );
  const nonce = context.nonce;
  const html =
    `<!DOCTYPE html><html><head><script nonce="${nonce}">theme()</script></head>` +
    `<body><main>${url.pathname}${url.search} ${JSON.stringify(answer.body)}</main><script nonce="${nonce}">start()</script></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
};

const nonceOfHeader = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const noncesOfHtml = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('the cache of rendered pages', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  let pageCache: RenderedPageCache;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
    mkdirSync(path.join(folder, 'build', 'client'), { recursive: true });
    const config = testConfig(folder, { buildDir: path.join(folder, 'build') });
    shop = await createTestApp({
      config,
      registerWebApp: async (root, services) => {
        pageCache = services.pageCache;
        await root.register(webAppRoutes, { config, handleRequest, root, pageCache });
      },
    });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => pageCache.clear());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });
  /** An anonymous visit whose page is kept: keeping compresses it off the event loop, after it was sent. */
  const visitKept = async (url: string, headers: Record<string, string> = {}) => {
    const kept = pageCache.size;
    const page = await get(url, headers);
    await expect.poll(() => pageCache.size).toBe(kept + 1);
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
    await expect.poll(() => pageCache.size, { timeout: 5_000 }).toBe(0);
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
    expect(pageCache.size).toBe(1);
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
    await expect.poll(() => pageCache.size).toBe(2);
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
    expect(pageCache.size).toBe(1);
  });
});
