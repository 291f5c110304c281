/**
 * What the tests of rendered pages share: the app on a fresh database serving a stand-in web app (a request
 * handler in place of the built React Router app) over an empty build, with the page cache it keeps pages in.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'react-router';
import { testConfig, type TestAppOptions } from '../test-support.ts';
import type { RenderedPageCache } from './page-cache.ts';
import type { RenderQueue } from './render-queue.ts';
import { webAppRoutes } from './web-app.ts';

/** The app a createApp built, with the page cache its web app keeps pages in. */
export type WebAppTestShop<Shop> = Shop & { pageCache: RenderedPageCache };

export async function createWebAppTestShop<Shop extends { close(): Promise<void> }>(
  /** Builds the app: createTestApp, or a helper around it that adds what its tests need. */
  createApp: (options: TestAppOptions) => Promise<Shop>,
  handleRequest: RequestHandler,
  /** The page cache and render queue to use instead of the app's own and the configured ones. */
  webApp: { pageCache?: RenderedPageCache; renderQueue?: RenderQueue } = {},
): Promise<WebAppTestShop<Shop>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'web-app-'));
  mkdirSync(path.join(folder, 'build', 'client'), { recursive: true });
  const config = testConfig(folder, { buildDir: path.join(folder, 'build') });
  let pageCache = webApp.pageCache;
  const shop = await createApp({
    config,
    registerWebApp: async (root, services) => {
      pageCache ??= services.pageCache;
      await root.register(webAppRoutes, { ...webApp, config, handleRequest, root, pageCache });
    },
  });
  if (!pageCache) throw new Error('the app registered no web app');
  return {
    ...shop,
    pageCache,
    async close() {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
