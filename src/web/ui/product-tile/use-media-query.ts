import { useSyncExternalStore } from 'react';

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

/** Whether a media query matches; false on the server and during hydration, so nothing mismatches. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => mediaQueryList(query).matches,
    () => false,
  );
}
