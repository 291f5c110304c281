import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { parseBagLink } from '../../../shared/bag-pricing.ts';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useOpenedSinceHydration } from '../../ui/browser.ts';

const loadBagDrawerContent = () => import('./bag-drawer-content.tsx');
const BagDrawerContent = lazy(loadBagDrawerContent);

/** Fetches the bag drawer's code ahead of its first opening (the shopper's first touch or key). */
export const preloadBagDrawer = () => void loadBagDrawerContent();

/** A page reached through a bag link (`add`, `promo` in its query string) opens the bag, which applies it. */
function useBagLinkOpensBag(open: boolean) {
  const { search } = useLocation();
  const drawer = useDrawer();
  // Only a new link opens the bag: closing it while the link is still in the address leaves it closed.
  const latest = useRef({ open, openDrawer: drawer.open });
  latest.current = { open, openDrawer: drawer.open };
  const hasLink = parseBagLink(new URLSearchParams(search)) !== null;
  useEffect(() => {
    if (hasLink && !latest.current.open) latest.current.openDrawer({ drawer: 'bag' });
  }, [hasLink, search]);
}

/**
 * The bag (#bag), opened by its address, its icon or a bag link. The drawer's code (its lines, its totals, its
 * pricing) is not in every page's script: it loads when the bag first opens, if the shopper's first touch or
 * key has not fetched it already.
 */
export function BagDrawer() {
  const { current } = useDrawer();
  const open = current?.drawer === 'bag';
  useBagLinkOpensBag(open);
  const { opened } = useOpenedSinceHydration(open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <BagDrawerContent />
    </Suspense>
  );
}
