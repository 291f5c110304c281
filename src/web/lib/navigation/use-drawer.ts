import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hashFor, parseHash, type DrawerHash } from './hash.ts';

interface DrawerLocationState {
  /** Set when the shop itself opened the drawer, so closing can step back instead of piling up history. */
  openedDrawer?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The drawer named by the location hash, and the ways to open and close one. The hash is the only source of
 * truth: a new hash closes the open drawer and may open another (spec 2.2), and Back closes a drawer.
 */
export function useDrawer() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = parseHash(location.hash);
  const openedHere = Boolean((location.state as DrawerLocationState | null)?.openedDrawer);

  const open = useCallback(
    (drawer: DrawerHash) => {
      navigate(
        { pathname: location.pathname, search: location.search, hash: hashFor(drawer) },
        {
          // Keep what the page carries in history state (a product handed over by a tile) beside the flag.
          state: { ...(isRecord(location.state) ? location.state : {}), openedDrawer: true } satisfies DrawerLocationState,
          preventScrollReset: true,
          replace: current !== null,
        },
      );
    },
    [current, location.pathname, location.search, location.state, navigate],
  );

  const close = useCallback(() => {
    if (openedHere) {
      navigate(-1);
      return;
    }
    navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true, preventScrollReset: true });
  }, [location.pathname, location.search, navigate, openedHere]);

  return { current, open, close };
}
