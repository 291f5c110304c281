import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigationType } from 'react-router';
import { pageSlide, type PageSlide } from './depth.ts';
import { createStore } from '../store.ts';

/** Set on entering Checkout, cleared on going anywhere but Login (spec 2.2): login returns to checkout. */
export const attemptedCheckoutStore = createStore(false);

export function useAttemptedCheckout(routeName: string | undefined): void {
  const { key } = useLocation();
  useEffect(() => {
    if (routeName === 'Checkout') attemptedCheckoutStore.set(true);
    else if (routeName !== 'Login') attemptedCheckoutStore.set(false);
  }, [routeName, key]);
}

/** A press on a link the browser itself would follow to another page of this site, or null. */
function linkToOtherPage(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  )
    return null;
  const url = new URL(anchor.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname ? anchor : null;
}

/**
 * Leaving a route flagged for full reload does a full browser navigation instead of a client one. A component
 * of its own that draws nothing: React Router's blocker sets state in an effect once hydrated and reads the
 * router's state. Called in the layout, each of those drew the whole header and footer again (a long task on a
 * phone right after every page's hydration, and on every navigation).
 */
export function FullReloadOnLeave({ fullReload }: { fullReload: boolean | undefined }): null {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => Boolean(fullReload) && nextLocation.pathname !== currentLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { pathname, search, hash } = blocker.location;
    blocker.reset();
    window.location.assign(`${pathname}${search}${hash}`);
  }, [blocker]);

  // React Router registers the blocker in an effect, after the page has hydrated; a link pressed in between
  // would move inside the document. From the commit on, a press on a link to another page stops before the
  // app's own link handling, so the browser follows it as an ordinary page load.
  useLayoutEffect(() => {
    if (!fullReload) return;
    const letTheBrowserFollow = (event: MouseEvent) => {
      if (linkToOtherPage(event)) event.stopPropagation();
    };
    document.addEventListener('click', letTheBrowserFollow, true);
    return () => document.removeEventListener('click', letTheBrowserFollow, true);
  }, [fullReload]);
  return null;
}

/** The slide of the page that was just navigated to: left going deeper, right going shallower. */
export function usePageSlide(depth: number | undefined): PageSlide {
  const { pathname } = useLocation();
  const previous = useRef<{ pathname: string; depth: number | undefined } | null>(null);
  const [slide, setSlide] = useState<PageSlide>(null);
  useEffect(() => {
    const before = previous.current;
    if (before && before.pathname !== pathname) setSlide(pageSlide(before.depth, depth));
    previous.current = { pathname, depth };
  }, [pathname, depth]);
  return slide;
}

/**
 * Back and forward restore the scroll position only on routes that opt in (spec 2.2); every other page
 * starts at the top. A change of hash alone (a drawer opening or closing) keeps the page where it is.
 */
export function useScrollRestoreOptIn(restoreScroll: boolean | undefined): void {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const page = `${pathname}${search}`;
  const previousPage = useRef(page);
  useEffect(() => {
    const moved = previousPage.current !== page;
    previousPage.current = page;
    if (moved && navigationType === 'POP' && !restoreScroll) window.scrollTo(0, 0);
  }, [page, navigationType, restoreScroll]);
}
