import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hashFor, parseHash, type DrawerHash } from './hash.ts';

interface DrawerLocationState {
  /**
   * The address (path and query) the shop itself opened the drawer on, so closing can step back instead of
   * piling up history, as long as the page has not changed its address since (a filter ticked in the drawer).
   */
  drawerOpenedOn?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const openedOnOf = (state: unknown): string | undefined => {
  const openedOn = isRecord(state) ? state.drawerOpenedOn : undefined;
  return typeof openedOn === 'string' ? openedOn : undefined;
};

/** The page's own history state, without the drawer's. */
function pageState(state: unknown): Record<string, unknown> | null {
  if (!isRecord(state)) return null;
  const page = Object.entries(state).filter(([key]) => key !== 'drawerOpenedOn');
  return page.length ? Object.fromEntries(page) : null;
}

/**
 * The drawer named by the location hash, and the ways to open and close one. The hash is the only source of
 * truth: a new hash closes the open drawer and may open another (spec 2.2), and Back closes a drawer.
 */
export function useDrawer() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = parseHash(location.hash);
  const address = `${location.pathname}${location.search}`;
  const openedOn = current === null ? undefined : openedOnOf(location.state);

  const open = useCallback(
    (drawer: DrawerHash) => {
      navigate(
        { pathname: location.pathname, search: location.search, hash: hashFor(drawer) },
        {
          // Keep what the page carries in history state (a product handed over by a tile) beside the address.
          // A drawer that replaces another keeps where the first one opened (none when it came with the page).
          state: {
            ...pageState(location.state),
            drawerOpenedOn: current === null ? address : openedOn,
          } satisfies DrawerLocationState,
          preventScrollReset: true,
          replace: current !== null,
        },
      );
    },
    [address, current, location.pathname, location.search, location.state, navigate, openedOn],
  );

  // Stepping back returns to the entry before the drawer, which shows the page as it was when the drawer
  // opened: only right while the page still has that address. Otherwise the hash alone goes. The address is
  // read when closing, from the browser: a page's own change of address (a filter ticked just before) may
  // not have been rendered yet.
  const close = useCallback(() => {
    const { pathname, search } = window.location;
    if (openedOn === `${pathname}${search}`) {
      navigate(-1);
      return;
    }
    navigate(
      { pathname, search, hash: '' },
      { replace: true, preventScrollReset: true, state: pageState(location.state) },
    );
  }, [location.state, navigate, openedOn]);

  /** True while the open drawer's history entry was pushed by the shop, not loaded with the page. */
  const pushed = openedOn !== undefined;
  return { current, open, close, pushed };
}
