/**
 * Browser facts read without breaking hydration: the server render and hydration see the server's answer,
 * the browser's own arrives right after.
 */
import { useState } from 'react';
import { useBrowserSnapshot } from '../lib/hydration.ts';

const noSubscription = () => () => {};

/** False on the server and during hydration, true from then on. */
export function useHydrated(): boolean {
  return useBrowserSnapshot(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * For a dialog whose code loads when it first opens: shown while open once hydrated, and opened from its first
 * showing on, so it stays mounted to play its closing and hand focus back.
 */
export function useOpenedSinceHydration(open: boolean): { shown: boolean; opened: boolean } {
  const hydrated = useHydrated();
  const shown = open && hydrated;
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  return { shown, opened: opened || shown };
}

/** Whether the shopper asked for less motion; read when an animation starts, so a change applies at once. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
