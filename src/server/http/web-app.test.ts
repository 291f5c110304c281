import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestHandler } from 'react-router';
import { createTestApp, testConfig } from '../test-support.ts';
import { webAppRoutes } from './web-app.ts';

/** A stand-in web app whose page asks the API who is calling, as a loader or a form's action would. */
const handleRequest: RequestHandler = async (request, context) => {
  if (!context) throw new Error('the web app is handed a load context');
  const answer = await context.api(new URL(request.url).pathname === '/cookie-page' ? '/api-cookies' : '/api-caller');
  return Response.json(answer);
};

describe('the web app’s in-process API calls', () => {
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'web-app-'));
    mkdirSync(path.join(folder, 'build', 'client'), { recursive: true });
    const config = testConfig(folder, { buildDir: path.join(folder, 'build') });
    shop = await createTestApp({
      config,
      registerWebApp: async (root) => {
        root.get('/api-caller', async (request) => ({ ip: request.ip }));
        root.get('/api-cookies', async (_request, reply) => {
          reply.header('set-cookie', ['session=abc; HttpOnly; Path=/', 'seen=1; Path=/']);
          return { ok: true };
        });
        await root.register(webAppRoutes, { config, handleRequest, root });
      },
    });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reach the API from the shopper’s address, so its per-address limits count each shopper apart', async () => {
    for (const remoteAddress of ['203.0.113.7', '198.51.100.20']) {
      const page = await shop.app.inject({ method: 'GET', url: '/some-page', remoteAddress });
      expect(page.json()).toEqual({ status: 200, body: { ip: remoteAddress } });
    }
  });

  it('hand the API’s Set-Cookie headers to the action, so signing in can pass the session on to the browser', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/cookie-page' });
    expect(page.json()).toEqual({
      status: 200,
      body: { ok: true },
      setCookies: ['session=abc; HttpOnly; Path=/', 'seen=1; Path=/'],
    });
    const plain = await shop.app.inject({ method: 'GET', url: '/some-page' });
    expect(plain.json()).not.toHaveProperty('setCookies');
  });
});
