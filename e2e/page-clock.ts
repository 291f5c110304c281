import { expect, type Page } from '@playwright/test';

/** The most of the page's time `see` moves its stopped clock on, in all: less than a toast's 5 s. */
const SEE_BUDGET_MS = 3_000;
const STEP_MS = 50;

/**
 * Stops the page's clock (installed with page.clock.install() before the page loaded) where it is, so what closes
 * by itself after a delay (a toast after 5 s, the bag's added confirmation after 3 s) stays open however slowly a
 * busy machine reaches the next check: a check that it closed then proves the page closed it, and page.clock.runFor
 * times its delay exactly. `see` waits for what the shopper waits for, moving the clock on 50 ms at a time for
 * the page's own timers (a drawer's opening, a debounced price, a frame), and `spent` is how far it has moved.
 */
export async function stopTheClock(page: Page) {
  await expect(async () => {
    // The page's clock runs on while this call travels: a busy machine may need a second try to stop it ahead.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  }).toPass();
  let spent = 0;
  return {
    get spent() {
      return spent;
    },
    async see(check: () => Promise<unknown>) {
      for (;;) {
        try {
          await check();
          return;
        } catch (error) {
          if (spent >= SEE_BUDGET_MS) throw error;
        }
        await page.clock.runFor(STEP_MS);
        spent += STEP_MS;
      }
    },
  };
}
