import { lazy, Suspense } from 'react';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useOpenedSinceHydration } from '../../ui/browser.ts';

const loadSideNavDrawer = () => import('./side-nav-drawer.tsx');
const SideNavDrawer = lazy(loadSideNavDrawer);

/** Fetches the side navigation's code ahead of its first opening (the shopper's first touch or key). */
export const preloadSideNav = () => void loadSideNavDrawer();

/**
 * The side navigation drawer (spec 2.4), open while the hash is #nav…: the navigation tree one level at a
 * time, the hash naming the level. Going deeper slides the new level in from the right, going back from the
 * left; the account or sign-in and contact links stay pinned at the bottom. Its code loads when it first opens.
 */
export function SideNav() {
  const { current } = useDrawer();
  const { opened } = useOpenedSinceHydration(current?.drawer === 'nav');
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SideNavDrawer />
    </Suspense>
  );
}
