import { expect, test, type Page } from '@playwright/test';
import { START_AT_LATEST_MS } from '../src/web/shell/start/deferred-start.ts';
import { demoProducts, pick } from './demo-products.ts';

/** When the page first painted, when its priority pictures came, and when its first script was asked for, in the page's clock. */
async function startTimes(page: Page) {
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.js')),
    undefined,
    { timeout: 10_000 },
  );
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const priorityPictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map(
      (image) => image.currentSrc,
    );
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      picturesIn: Math.max(
        0,
        ...resources.filter((entry) => priorityPictures.includes(entry.name)).map((entry) => entry.responseEnd),
      ),
      firstScript: Math.min(
        ...resources.filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.fetchStart),
      ),
    };
  });
}

test.describe("the app's code", () => {
  // A frame's task can end before the frame is on screen: code asked for then shared a slow line with the first
  // paint. The race is the compositor's, so each page is loaded a few times.
  test('is asked for once the page has painted and the priority pictures it shows have come', async ({ page }) => {
    // Without its latest start, so a page waiting for a picture it never shows (art-directed for other screens) never starts.
    await page.addInitScript((latest) => {
      const setTimer = window.setTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
        delay === latest ? 0 : setTimer(handler, delay, ...rest)) as typeof window.setTimeout;
    }, START_AT_LATEST_MS);
    const product = pick(await demoProducts(page.request), () => true, 'product');
    for (const pagePath of ['/', product.url, '/order', '/shop/women']) {
      for (let load = 0; load < 3; load++) {
        await page.goto(pagePath);
        const times = await startTimes(page);
        expect(times.firstPaint, `${pagePath}: first paint`).toBeGreaterThan(0);
        expect(times.firstScript, `${pagePath}: the first script after the first paint`).toBeGreaterThan(
          times.firstPaint,
        );
        expect(times.firstScript, `${pagePath}: the first script after the priority pictures`).toBeGreaterThanOrEqual(
          times.picturesIn,
        );
      }
    }
  });
});
