import type { RequestHandler } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderApiPath } from '../../shared/order.ts';
import { createAccountTestApp, ROBIN } from '../accounts/account-test-support.ts';
import { createWebAppTestShop, type WebAppTestShop } from './web-app-test-support.ts';

let renders = 0;

/** A stand-in web app whose page shows one API answer: the signed-in user on /account-page, the shop's config elsewhere. */
const handleRequest: RequestHandler = async (request, context) => {
  if (!context) throw new Error('the web app is handed a load context');
  renders += 1;
  const { pathname } = new URL(request.url);
  const answer = await context.api(
    pathname.startsWith('/account-page') ? '/session-api/refresh-user' : '/api/website-config',
  );
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
  if (pathname === '/account-page/says-its-own') headers.set('cache-control', 'private, max-age=5');
  return new Response(`<!DOCTYPE html><html><body>${JSON.stringify(answer.body)}</body></html>`, { headers });
};

describe('answers and pages for one shopper', () => {
  let shop: WebAppTestShop<Awaited<ReturnType<typeof createAccountTestApp>>>;
  beforeAll(async () => {
    shop = await createWebAppTestShop(createAccountTestApp, handleRequest);
  });
  afterAll(() => shop.close());

  it('marks the session API’s answers and an order link’s private, no-store', async () => {
    const secret = await shop.signIn(ROBIN);
    const signedIn = [
      '/session-api/refresh-user',
      '/session-api/account/wallet',
      '/session-api/account/orders',
      '/session-api/account/addresses',
    ];
    for (const url of signedIn) {
      const response = await shop.get(url, secret);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    expect((await shop.get('/session-api/refresh-user')).headers['cache-control']).toBe('private, no-store');
    const order = await shop.app.inject({ method: 'GET', url: orderApiPath('o1', 'some-hash') });
    expect(order.headers['cache-control']).toBe('private, no-store');
  });

  it('marks a page made from such an answer private, no-store, and never keeps it', async () => {
    const before = renders;
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await shop.get('/account-page');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
    }
    const secret = await shop.signIn(ROBIN);
    const signedIn = await shop.get('/account-page', secret);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.body).toContain(ROBIN.email);
    expect(renders - before).toBe(3);
    expect(shop.pageCache.size).toBe(0);
  });

  it('leaves the pages made of answers for everyone, and a page’s own Cache-Control, as they are', async () => {
    expect((await shop.get('/about')).headers['cache-control']).toBeUndefined();
    expect((await shop.get('/account-page/says-its-own')).headers['cache-control']).toBe('private, max-age=5');
  });
});
