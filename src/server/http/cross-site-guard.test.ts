import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { createTestApp } from '../test-support.ts';

describe('the cross-site request guard', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    shop = await createTestApp({ configOverrides: { publicUrl: 'https://shop.example.com' } });
  });
  afterAll(() => shop.close());

  const signUp = (headers: Record<string, string>, email = 'pat@example.com') =>
    shop.app.inject({
      method: 'POST',
      url: '/api/forms/footer-signup',
      headers: { host: 'shop.example.com', 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ email }),
    });
  const submissions = async () =>
    (await shop.db.selectFrom('form_submissions').select('email').execute()).map((row) => row.email);

  it('refuses a form posted from another site, and changes nothing', async () => {
    const login = await shop.app.inject({
      method: 'POST',
      url: '/session-api/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_username=a%40b.example&_password=x',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: MESSAGES.crossSiteRefused });

    const forged: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://blog.shop.example.com' },
      { origin: 'https://shop.example.com.evil.example' },
      { origin: 'null', 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://shop.example.com', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const response = await signUp(headers, 'forged@example.com');
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ error: MESSAGES.crossSiteRefused });
    }
    expect(await submissions()).not.toContain('forged@example.com');
  });

  it('lets the shop’s own pages post', async () => {
    expect(
      (await signUp({ origin: 'https://shop.example.com', 'sec-fetch-site': 'same-origin' }, 'a@example.com'))
        .statusCode,
    ).toBe(200);
    expect((await signUp({ 'sec-fetch-site': 'same-origin' }, 'b@example.com')).statusCode).toBe(200);
    // A form posted without the page's code: under Referrer-Policy no-referrer its Origin is null.
    expect((await signUp({ origin: 'null', 'sec-fetch-site': 'same-origin' }, 'd@example.com')).statusCode).toBe(200);
    // The origin the browser addressed, as a proxy forwards it, counts as the shop's own.
    expect(
      (await signUp({ origin: 'http://shop.internal:8080', host: 'shop.internal:8080' }, 'c@example.com')).statusCode,
    ).toBe(200);
    expect(await submissions()).toEqual(
      expect.arrayContaining(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']),
    );
  });

  it('lets requests that no browser sent through (server to server, the loaders’ in-process calls)', async () => {
    expect((await signUp({}, 'server@example.com')).statusCode).toBe(200);
  });

  it('leaves reads and the key-authenticated APIs alone', async () => {
    const read = await shop.app.inject({
      method: 'GET',
      url: '/session-api/refresh-user',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(401);
    const admin = await shop.app.inject({
      method: 'POST',
      url: '/admin-api/orders/x/status',
      headers: { origin: 'https://evil.example' },
      payload: { status: 'shipped' },
    });
    expect(admin.statusCode).toBe(401);
    const search = await shop.app.inject({
      method: 'POST',
      url: '/search/multi_search',
      headers: { origin: 'https://evil.example', 'x-typesense-api-key': 'test-search-key' },
      payload: { searches: [] },
    });
    expect(search.statusCode).not.toBe(403);
  });
});
