import { startTransition, useEffect, useState, type RefObject } from 'react';
import { createTurns } from './turns.ts';

/** How far beyond the screen a tile counts as near: a screen's height above and below. */
const NEAR_MARGIN = '100% 0px';

type Listener = (near: boolean) => void;
let observer: IntersectionObserver | undefined;
const listeners = new WeakMap<Element, Listener>();

/** The tiles found near, drawn again one at a time: a row of them in one commit held a phone's main thread (decision 023). */
const turns = createTurns<Element>((next) => setTimeout(next));

/** One observer for every tile of the page (sixty tiles ask), made when the first tile asks. */
function nearObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: NEAR_MARGIN },
  );
  return observer;
}

/**
 * Whether the element has come within a screen of the visible part of the page; false on the server and during
 * hydration, then true from the first time it is near, for good. What a tile adds once the browser is known
 * (a phone's swipe pictures, a mouse's hover picture) is added for the tiles near the screen only, a few at a
 * time as the shopper scrolls, instead of for sixty tiles in one block of main-thread work after hydration,
 * and their pictures load only when they may be seen. Tiles found near together take turns: each is drawn in
 * a commit of its own.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observing = nearObserver();
    listeners.set(element, (isNear) => {
      if (isNear) turns.ask(element, () => startTransition(() => setNear(true)));
    });
    observing.observe(element);
    return () => {
      observing.unobserve(element);
      listeners.delete(element);
      // After the commit that drew the tile near, or when the tile is gone: the next tile's turn.
      turns.finish(element);
    };
  }, [ref, near]);
  return near;
}
