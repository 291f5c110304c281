/**
 * Issue 26, item 12: tracking parameters that skipped the page cache, and the stampede of renders when a kept page
 * expired. Each test counts the renders of a stand-in web app; bench/page-cache-abuse.bench.ts measures the time.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestHandler } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support.ts';
import { PAGE_CACHE_LIMITS, RenderedPageCache } from './page-cache.ts';
import { RenderQueue } from './render-queue.ts';
import { createWebAppTestShop, type WebAppTestShop } from './web-app-test-support.ts';

/** The addresses the stand-in web app was asked to render, in order. */
const rendered: string[] = [];
let renderingNow = 0;
let mostAtOnce = 0;

/** A stand-in web app: a page of the address it was given, made of the API's content, taking 50 ms to render. */
const handleRequest: RequestHandler = async (request, context) => {
  if (!context) throw new Error('the web app is handed a load context');
  const url = new URL(request.url);
  rendered.push(`${url.pathname}${url.search}`);
  renderingNow += 1;
  mostAtOnce = Math.max(mostAtOnce, renderingNow);
  try {
    await context.api('/api/site-content/get/home');
    await sleep(50);
  } finally {
    renderingNow -= 1;
  }
  const html = `<!DOCTYPE html><html><body><main>${url.pathname}${url.search} ${rendered.length}</main><script nonce="${context.nonce}">start()</script></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
};

let now = 1_000_000;
const pageCache = new RenderedPageCache(PAGE_CACHE_LIMITS, () => now);
const renderQueue = new RenderQueue({ renders: 2, waiting: 3 });
let shop: WebAppTestShop<Awaited<ReturnType<typeof createTestApp>>>;

beforeAll(async () => {
  shop = await createWebAppTestShop(createTestApp, handleRequest, { pageCache, renderQueue });
});
afterAll(() => shop.close());
beforeEach(() => {
  pageCache.clear();
  rendered.length = 0;
  mostAtOnce = 0;
});

const get = (url: string) => shop.app.inject({ method: 'GET', url });
/** Keeping compresses a page off the event loop, after it was sent. */
const keptPages = async (count: number) => expect.poll(() => pageCache.size).toBe(count);

describe('tracking parameters', () => {
  it('are left out of a page’s address: every campaign’s visit gets the one kept page', async () => {
    const first = await get('/shop/men?utm_source=news&utm_campaign=fall&sort=newest&gclid=abc');
    expect(first.statusCode).toBe(200);
    await keptPages(1);
    const visits = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        get(`/shop/men?utm_x=${Math.random()}&sort=newest&fbclid=${index}&msclkid=m&_ga=1&mc_cid=c&mc_eid=e`),
      ),
    );
    await get('/shop/men?sort=newest');
    // Rendered once, for the address without them: no visitor's tags are in the page everyone gets.
    expect(rendered).toEqual(['/shop/men?sort=newest']);
    for (const visit of visits) expect(visit.body).toBe(visits[0]?.body);
    expect(visits[0]?.body).toContain('<main>/shop/men?sort=newest 1</main>');
  });

  it('leave other parameters as they were: a page with an unknown one renders afresh and is never kept', async () => {
    for (const value of ['1', '2', '3']) expect((await get(`/shop/men?x=${value}`)).statusCode).toBe(200);
    expect(rendered).toEqual(['/shop/men?x=1', '/shop/men?x=2', '/shop/men?x=3']);
    await sleep(100);
    expect(pageCache.size).toBe(0);
  });
});

describe('a page nobody has kept yet', () => {
  it('is rendered once for every request that asks for it while it renders (single flight)', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get('/')));
    expect(rendered).toEqual(['/']);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(answers[29]?.body).toContain('<main>/ 1</main>');
  });
});

describe('a kept page past its time', () => {
  it('is served stale while it renders again once, behind the visitor, and not past its stale time', async () => {
    await get('/news');
    await keptPages(1);
    now += PAGE_CACHE_LIMITS.maxAgeMs;
    const stale = await Promise.all(Array.from({ length: 10 }, () => get('/news')));
    for (const answer of stale) expect(answer.body).toContain('<main>/news 1</main>');
    await expect.poll(async () => (await get('/news')).body).toContain('<main>/news 2</main>');
    expect(rendered).toEqual(['/news', '/news']);

    now += PAGE_CACHE_LIMITS.maxAgeMs + (PAGE_CACHE_LIMITS.staleMs ?? 0);
    expect((await get('/news')).body).toContain('<main>/news 3</main>');
    expect(rendered).toHaveLength(3);
  });
});

describe('renders at once', () => {
  it('are at most the queue’s slots, with a bounded line behind them and 503 with Retry-After past it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => get(`/shop/women?page-for-one=${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // 2 render and 3 wait; the other 3 are refused at once.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 503, 503, 503]);
    expect(mostAtOnce).toBe(2);
    const busy = answers.find((answer) => answer.statusCode === 503);
    expect(busy?.headers['retry-after']).toBe('5');
    expect(busy?.headers['cache-control']).toBe('no-store');
    expect([renderQueue.rendering, renderQueue.waiting]).toEqual([0, 0]);
  });
});
