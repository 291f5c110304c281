import type { Locator } from '@playwright/test';

/**
 * Whether the browser is drawing an element's contents, or skipping them as off screen (content-visibility: auto
 * on it or an ancestor, decision 026).
 */
export const isDrawn = (element: Locator) =>
  element.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
