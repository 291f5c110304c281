/**
 * Browser facts the chrome reacts to, read through useBrowserSnapshot: the server render and hydration see
 * the server value, the browser's own value arrives right after hydration, so nothing mismatches.
 */
import { useBrowserSnapshot } from '../../lib/hydration.ts';

function subscribeTo(event: 'resize' | 'scroll') {
  return (listener: () => void) => {
    window.addEventListener(event, listener, { passive: true });
    return () => window.removeEventListener(event, listener);
  };
}

const subscribeResize = subscribeTo('resize');
const subscribeScroll = subscribeTo('scroll');

/** The viewport width in CSS pixels; null until hydrated. */
export function useViewportWidth(): number | null {
  return useBrowserSnapshot(
    subscribeResize,
    () => window.innerWidth,
    () => null,
  );
}

/**
 * The vertical scroll, capped: a component that only asks whether the page is past some point re-renders
 * while the page scrolls up to it, never beyond. 0 until hydrated.
 */
export function useScrollY(cap: number): number {
  return useBrowserSnapshot(
    subscribeScroll,
    () => Math.min(window.scrollY, cap),
    () => 0,
  );
}
