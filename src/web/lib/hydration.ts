/**
 * What the browser shows (the screen, the scroll, whether the app has hydrated) read without a synchronous
 * render right after hydration.
 *
 * useSyncExternalStore shows the server's value during hydration, then, when the browser's differs, draws the
 * component again at once, in one block of main-thread time for every such component on the page, a long task
 * a phone's shopper feels as a page that does not answer. Here a component drawn by hydration keeps the
 * server's value until a transition after hydration hands it the browser's, drawn in slices the main thread
 * can break off from; one mounted later reads the browser's value at once. Only for what is drawn, never for
 * data an effect acts on: until the transition, such an effect would act on the server's value (lib/store.ts).
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

let hydrated = false;

/** Called once the app has hydrated (the root layout's effect): from then on, new components read live values. */
export function markHydrated(): void {
  hydrated = true;
}

/** useSyncExternalStore, with the browser's value reaching components drawn by hydration as a transition. */
export function useBrowserSnapshot<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const [live, setLive] = useState(() => hydrated);
  useEffect(() => {
    if (!live) startTransition(() => setLive(true));
  }, [live]);
  return useSyncExternalStore(subscribe, live ? getSnapshot : getServerSnapshot, getServerSnapshot);
}
