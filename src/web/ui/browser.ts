/**
 * Browser facts read without breaking hydration: the server render and hydration see the server's answer,
 * the browser's own arrives right after.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False on the server and during hydration, true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Whether the shopper asked for less motion; read when an animation starts, so a change applies at once. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
