import { startTransition, useEffect, useState } from 'react';

/** One MediaQueryList per query, shared by every component that asks (sixty tiles ask the same two). */
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/**
 * Whether a media query matches; false on the server and during hydration, so nothing mismatches. The
 * browser's answer arrives as a transition: sixty tiles drawn again for a phone's screen are drawn in slices
 * the main thread can break off from, not in one long task right after hydration (the blocking time a
 * phone's shopper would feel as a page that does not answer).
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = mediaQueryList(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
