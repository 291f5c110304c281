import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestHandler } from 'react-router';
import { createTestApp, testConfig } from '../test-support.ts';
import { webAppRoutes } from './web-app.ts';

/** A stand-in web app whose page asks the API who is calling, as a loader or a form's action would. */
const handleRequest: RequestHandler = async (_request, context) => {
  if (!context) throw new Error('the web app is handed a load context');
  const answer = await context.api('/api-caller');
  return Response.json(answer.body);
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
      expect(page.json()).toEqual({ ip: remoteAddress });
    }
  });
});
