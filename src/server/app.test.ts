import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support.ts';

describe('the server', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  it('answers /healthz with the version header', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
    expect(response.headers['acme-version']).toBe('4.8.4');
  });

  it('sets a Content-Security-Policy with a fresh nonce per response', async () => {
    const first = await shop.app.inject({ method: 'GET', url: '/healthz' });
    const second = await shop.app.inject({ method: 'GET', url: '/healthz' });
    const nonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    expect(nonce(first.headers['content-security-policy'])).toBeTruthy();
    expect(nonce(first.headers['content-security-policy'])).not.toBe(nonce(second.headers['content-security-policy']));
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets reCAPTCHA’s script and frame in only when the shop scores with it', async () => {
    const policy = String(
      (await shop.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    expect(policy).not.toContain('recaptcha');
    const scored = await createTestApp({
      configOverrides: {
        recaptcha: {
          secretKey: 'recaptcha-secret',
          siteKey: 'recaptcha-site',
          verifyUrl: 'http://127.0.0.1:9/siteverify',
        },
      },
    });
    try {
      const withRecaptcha = String(
        (await scored.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
      );
      expect(withRecaptcha).toMatch(
        /script-src 'self' 'nonce-[^']+' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/;/,
      );
      expect(withRecaptcha).toContain('https://recaptcha.google.com/recaptcha/');
    } finally {
      await scored.close();
    }
  });

  it('sends no referrer to other sites, and keeps the Origin of forms posted within the shop', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No API route for GET /api/nothing-here' });
  });

  it('answers every path no route serves with the same JSON 404, in and out of the APIs', async () => {
    for (const [method, url] of [
      ['GET', '/session-api/nothing-here'],
      ['DELETE', '/api/website-config'],
      ['GET', '/nothing-here'],
    ] as const) {
      const response = await shop.app.inject({ method, url: `${url}?token=1` });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: `No API route for ${method} ${url}` });
    }
  });

  it('rejects malformed JSON with a clear 400', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/website-config',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('rejects an oversize body with 413', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/website-config',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is too large' });
  });
});
