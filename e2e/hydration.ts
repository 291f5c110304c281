import type { Page } from '@playwright/test';
import { HYDRATED_EVENT } from '../src/web/shell/start/deferred-start.ts';

/**
 * Opens a page and waits until the app has hydrated it. A link followed before then is a browser's own
 * navigation, a whole new document, which is right for a shopper but not what a test of the app's navigation
 * inside one document is about.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.addInitScript((event) => {
    addEventListener(event, () => document.documentElement.setAttribute('data-test-hydrated', ''), { once: true });
  }, HYDRATED_EVENT);
  await page.goto(path);
  await page.locator('html[data-test-hydrated]').waitFor({ state: 'attached' });
}
