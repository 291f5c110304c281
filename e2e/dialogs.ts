import { expect, type Page } from '@playwright/test';

/**
 * Waits until the focus is inside the open dialog. A drawer's code loads when it first opens, and Radix moves
 * the focus in once it has set the dialog up, its Escape handling included: a key pressed before that would
 * reach the page behind it, as it would for a shopper faster than the drawer.
 */
export async function expectFocusInDialog(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null)).toBe(true);
}
