import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { rateLimitBucket } from '../rate-limits/rate-limits.ts';
import { ACCOUNT_LIMIT_WINDOW_MS, ACCOUNT_LIMITS } from './account-limits.ts';
import { createAccountTestApp, ROBIN } from './account-test-support.ts';

const robinLogin = { _username: ROBIN.email, _password: ROBIN.password };

describe('the built-in captcha', () => {
  let shop: Awaited<ReturnType<typeof createAccountTestApp>>;
  beforeAll(async () => {
    shop = await createAccountTestApp();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.forgetLimits());

  it('hands out signed tokens for the three actions only', async () => {
    const token = await shop.get('/session-api/captcha-token?action=login');
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    expect(token.json()).toEqual({
      data: { provider: 'built-in', token: expect.stringMatching(/^[\w-]+\.[\w-]{43}$/) },
    });
    expect((await shop.get('/session-api/captcha-token?action=checkout')).statusCode).toBe(400);
  });

  it('refuses a call without a token with a 400', async () => {
    const response = await shop.login({ ...robinLogin, token: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: MESSAGES.captchaMissing });
    const forgot = await shop.app.inject({
      method: 'POST',
      url: '/session-api/account/forgot',
      payload: { email: ROBIN.email },
    });
    expect(forgot.json()).toEqual({ error: MESSAGES.captchaMissing });
  });

  it('takes a token once: a replay is refused', async () => {
    const captcha = await shop.captcha('login');
    expect((await shop.login({ ...robinLogin, ...captcha })).statusCode).toBe(200);
    const replay = await shop.login({ ...robinLogin, ...captcha });
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toEqual({ error: MESSAGES.captchaRefused });
  });

  it('refuses a forged token, another action’s token and a token named for another action', async () => {
    const forgot = await shop.captcha('forgot');
    const [payload] = forgot.token.split('.');
    const forged = `${payload}.${'A'.repeat(43)}`;
    for (const body of [
      { ...robinLogin, token: forged, action: 'login' },
      { ...robinLogin, token: forgot.token, action: 'login' },
      { ...robinLogin, ...(await shop.captcha('login')), action: 'forgot' },
      { ...robinLogin, token: 'not.a.token', action: 'login' },
    ]) {
      const response = await shop.login(body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: MESSAGES.captchaRefused });
    }
  });

  it('scores low when the account and the address have both tried often lately', async () => {
    const windowStart = new Date(
      Math.floor(Date.now() / ACCOUNT_LIMIT_WINDOW_MS) * ACCOUNT_LIMIT_WINDOW_MS,
    ).toISOString();
    const { perAccount, perAddress } = ACCOUNT_LIMITS.login;
    await shop.db
      .insertInto('rate_limit_counts')
      .values([
        {
          bucket: rateLimitBucket({ kind: 'login-account', subject: ROBIN.email }),
          window_start: windowStart,
          count: perAccount - 1,
        },
        {
          bucket: rateLimitBucket({ kind: 'login-ip', subject: '127.0.0.1' }),
          window_start: windowStart,
          count: perAddress - 1,
        },
      ])
      .execute();
    const response = await shop.login(robinLogin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: MESSAGES.captchaRefused });
  });
});

describe('reCAPTCHA v3', () => {
  let google: Server;
  const asked: URLSearchParams[] = [];
  /** The stand-in for siteverify answers by the token: good, bot, create (another action) or down. */
  beforeAll(async () => {
    google = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        asked.push(form);
        const token = form.get('response');
        if (token === 'down') {
          response.writeHead(500).end();
          return;
        }
        const answer =
          token === 'good'
            ? { success: true, score: 0.9, action: 'login' }
            : token === 'bot'
              ? { success: true, score: 0.1, action: 'login' }
              : token === 'create'
                ? { success: true, score: 0.9, action: 'create' }
                : { success: false, 'error-codes': ['invalid-input-response'] };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => google.close(resolve)));

  it('checks the token, its action and its score with the secret key', async () => {
    const { port } = google.address() as AddressInfo;
    const shop = await createAccountTestApp({
      configOverrides: {
        recaptcha: {
          secretKey: 'recaptcha-secret',
          siteKey: 'recaptcha-site',
          verifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
        },
      },
    });
    try {
      expect((await shop.get('/session-api/captcha-token?action=login')).json()).toEqual({
        data: { provider: 'recaptcha', siteKey: 'recaptcha-site' },
      });
      const good = await shop.login({ ...robinLogin, token: 'good', action: 'login' });
      expect(good.statusCode).toBe(200);
      expect(asked.at(-1)?.get('secret')).toBe('recaptcha-secret');
      expect(asked.at(-1)?.get('remoteip')).toBe('127.0.0.1');
      for (const token of ['bot', 'create', 'forged']) {
        const refused = await shop.login({ ...robinLogin, token, action: 'login' });
        expect(refused.statusCode, token).toBe(403);
        expect(refused.json()).toEqual({ error: MESSAGES.captchaRefused });
      }
      const down = await shop.login({ ...robinLogin, token: 'down', action: 'login' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ error: MESSAGES.captchaUnavailable });
    } finally {
      await shop.close();
    }
  });
});
