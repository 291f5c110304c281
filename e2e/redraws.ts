import { expect, type Page } from '@playwright/test';

/** What a window holds once watchRedraws has run: elements given new properties, counted by where they are. */
interface RedrawWindow {
  redrawsIn: Record<string, number>;
}

/**
 * Counts the elements React gives new properties in each commit after the call to countRedraws (or from the
 * page's start, fromStart), by a CSS selector of the places they are in ('article button'), through the hook
 * React's developer tools use (React calls it in production builds too). An element hydrated or added counts as
 * new once and is not counted. Install before the page's first script.
 */
export async function watchRedraws(page: Page, places: readonly string[], { fromStart = false } = {}): Promise<void> {
  await page.addInitScript(
    ([watched, counting]) => {
      interface Fiber {
        type: unknown;
        stateNode: unknown;
        memoizedProps: unknown;
        child: Fiber | null;
        sibling: Fiber | null;
      }
      const propsSeen = new WeakMap<object, unknown>();
      const target = window as unknown as RedrawWindow & { redrawsCounting?: boolean; lastCommitAt?: number };
      target.redrawsIn = {};
      target.redrawsCounting = counting;
      const visit = (first: Fiber | null) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          const node = fiber.stateNode;
          if (typeof fiber.type === 'string' && node instanceof Element) {
            const before = propsSeen.get(node);
            if (before !== undefined && before !== fiber.memoizedProps && target.redrawsCounting) {
              for (const place of watched)
                if (node.matches(place)) target.redrawsIn[place] = (target.redrawsIn[place] ?? 0) + 1;
            }
            propsSeen.set(node, fiber.memoizedProps);
          }
          visit(fiber.child);
        }
      };
      Object.assign(window, {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => undefined,
          onScheduleFiberRoot: () => undefined,
          onCommitFiberUnmount: () => undefined,
          onPostCommitFiberRoot: () => undefined,
          onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
            target.lastCommitAt = performance.now();
            visit(root.current.child);
          },
        },
      });
    },
    [places, fromStart] as const,
  );
}

/** Starts counting from zero. */
export const countRedraws = (page: Page) =>
  page.evaluate(() => {
    const target = window as unknown as RedrawWindow & { redrawsCounting?: boolean };
    target.redrawsIn = {};
    target.redrawsCounting = true;
  });

/** The counts since countRedraws, by place. */
export const redraws = (page: Page) => page.evaluate(() => (window as unknown as RedrawWindow).redrawsIn);

/**
 * Gives the router a new state with the same data, as it does once it has discovered the routes the page links
 * to, and answers what that redrew, once the page's links (which follow the router's state: watch 'main a')
 * have been drawn again.
 */
export async function redrawsOnRouterStateChange(page: Page): Promise<Record<string, number>> {
  await page.waitForLoadState('networkidle');
  // What the page still draws of itself once loaded (tiles taking their turns near the screen) is not the
  // router's doing: counting starts once React has committed nothing for 150 ms (the sitewide countdown
  // commits twice a second, so a longer quiet never comes).
  await expect
    .poll(
      () =>
        page.evaluate(() => performance.now() - ((window as unknown as { lastCommitAt?: number }).lastCommitAt ?? 0)),
      { message: 'the page settles' },
    )
    .toBeGreaterThan(150);
  await countRedraws(page);
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { patchRoutes: (parent: null, routes: []) => void } }
    ).__reactRouterDataRouter.patchRoutes(null, []),
  );
  await expect.poll(async () => (await redraws(page))['main a'] ?? 0).toBeGreaterThan(0);
  return redraws(page);
}
