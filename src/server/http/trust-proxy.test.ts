import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { ACCOUNT_LIMITS } from '../accounts/account-limits.ts';
import { GIFT_CARD_GUESSES_PER_ADDRESS } from '../gift-cards/gift-card-lookups.ts';
import { LOOKUPS_PER_ADDRESS } from '../orders/order-lookup.ts';
import { createTestApp } from '../test-support.ts';

type Shop = Awaited<ReturnType<typeof createTestApp>>;

/** A new made-up client address for every request, as an attacker would send in X-Forwarded-For. */
let forged = 0;
const rotatingForwardedFor = () => {
  forged += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(forged / 250)}.${(forged % 250) + 1}` };
};

const guessGiftCard = (shop: Shop, headers: Record<string, string>, remoteAddress?: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/gift-cards/balance',
    headers,
    payload: { code: `WRONG-CODE-${forged}` },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Posts one wrong sign-in for a new account each time, so only the address's limit can refuse it. */
async function signInWrongly(shop: Shop, attempt: number, headers: Record<string, string>) {
  const captcha = (await shop.app.inject({ method: 'GET', url: '/session-api/captcha-token?action=login' })).json<{
    data: { token: string };
  }>().data;
  return shop.app.inject({
    method: 'POST',
    url: '/session-api/login',
    headers,
    payload: {
      _username: `someone-${attempt}@example.com`,
      _password: 'not-the-password',
      token: captcha.token,
      action: 'login',
    },
  });
}

describe('with no TRUST_PROXY (the default), X-Forwarded-For names no client', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  it('holds the gift card guesses’ limit while the header rotates on every request', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess <= GIFT_CARD_GUESSES_PER_ADDRESS; guess += 1)
      statuses.push((await guessGiftCard(shop, rotatingForwardedFor())).statusCode);
    expect(statuses.slice(0, GIFT_CARD_GUESSES_PER_ADDRESS).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('holds the order lookups’ limit while the header rotates on every request', async () => {
    const statuses: number[] = [];
    for (let lookup = 0; lookup <= LOOKUPS_PER_ADDRESS; lookup += 1) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/orders/lookup',
        headers: rotatingForwardedFor(),
        payload: { number: 100001, email: `shopper-${lookup}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, LOOKUPS_PER_ADDRESS).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it(
    'holds the sign-in limit per address while the header rotates on every request',
    { timeout: 120_000 },
    async () => {
      // More tries than an address may make, at once (each wrong password costs a password hash).
      const tries = Array.from({ length: ACCOUNT_LIMITS.login.perAddress + 10 }, (_, attempt) =>
        signInWrongly(shop, attempt, rotatingForwardedFor()),
      );
      const answers = (await Promise.all(tries)).map((response) => ({
        status: response.statusCode,
        error: response.json<{ error: string }>().error,
      }));
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(10);
      expect(refused.every((answer) => answer.error === MESSAGES.accountTooManyAttempts)).toBe(true);
      expect(answers.filter((answer) => answer.status !== 429).every((answer) => answer.status === 401)).toBe(true);
    },
  );

  it('never lets a forged X-Forwarded-Host vouch for a cross-site post', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/forms/footer-signup',
      headers: {
        host: 'localhost:3000',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      payload: { email: 'forged@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: MESSAGES.crossSiteRefused });
  });
});

describe('with TRUST_PROXY=127.0.0.1 (nginx on the same host)', () => {
  let shop: Shop;
  beforeAll(async () => {
    // inject() connects from 127.0.0.1, the proxy here.
    shop = await createTestApp({ configOverrides: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => shop.close());

  it('counts each client by the address the proxy forwards', async () => {
    const client = { 'x-forwarded-for': '203.0.113.50' };
    const statuses: number[] = [];
    for (let guess = 0; guess <= GIFT_CARD_GUESSES_PER_ADDRESS; guess += 1)
      statuses.push((await guessGiftCard(shop, client)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    // Another shopper behind the same proxy has tries of their own.
    expect((await guessGiftCard(shop, { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(404);
  });

  it('believes no X-Forwarded-For from a client that is not the proxy', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess <= GIFT_CARD_GUESSES_PER_ADDRESS; guess += 1) {
      statuses.push((await guessGiftCard(shop, rotatingForwardedFor(), '192.0.2.77')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('never lets the proxy’s X-Forwarded-Host vouch for a cross-site post', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/forms/footer-signup',
      headers: {
        host: 'localhost:3000',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      payload: { email: 'forged@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });
});
