import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { createAccountTestApp, ROBIN } from '../accounts/account-test-support.ts';

const SHOP = 'https://shop.example.com';

describe('GET /session-api/logout', () => {
  let shop: Awaited<ReturnType<typeof createAccountTestApp>>;
  beforeAll(async () => {
    shop = await createAccountTestApp({ configOverrides: { publicUrl: SHOP } });
  });
  afterAll(() => shop.close());

  const signOut = (secret: string, headers: Record<string, string>) =>
    shop.app.inject({
      method: 'GET',
      url: '/session-api/logout',
      headers: { host: 'shop.example.com', ...headers },
      ...shop.withCookie(secret),
    });

  it('refuses a sign-out another site asks for with 403 {error}, and keeps the session', async () => {
    const secret = await shop.signIn(ROBIN);
    const forged: Array<Record<string, string>> = [
      // An <img> or a link on another site, in a browser with Fetch Metadata.
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', referer: `${SHOP}/` },
      // The same from a browser without it: Origin or Referer names the other site, or nothing vouches.
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { referer: 'https://shop.example.com.evil.example/' },
      {},
    ];
    for (const headers of forged) {
      const response = await signOut(secret, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ error: MESSAGES.crossSiteRefused });
      expect(response.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
    }
    expect((await shop.get('/session-api/refresh-user', secret)).statusCode).toBe(200);
  });

  it('signs out when the shop’s own page asks', async () => {
    const fromTheShop: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      // Typed into the address bar.
      { 'sec-fetch-site': 'none' },
      { origin: SHOP },
      { referer: `${SHOP}/account/home` },
    ];
    for (const headers of fromTheShop) {
      const secret = await shop.signIn(ROBIN);
      const response = await signOut(secret, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.json()).toEqual({ success: true, message: MESSAGES.signedOut });
      expect((await shop.get('/session-api/refresh-user', secret)).statusCode, JSON.stringify(headers)).toBe(401);
    }
  });
});
