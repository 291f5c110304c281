import { lazy, Suspense } from 'react';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useOpenedSinceHydration } from '../../ui/browser.ts';
import { loadNavigationTree, useNavigationTree } from './navigation-tree.ts';

const loadSideNavDrawer = () => import('./side-nav-drawer.tsx');
const SideNavDrawer = lazy(loadSideNavDrawer);

/** Fetches the side navigation's code and tree ahead of its first opening (the shopper's first touch or key). */
export function preloadSideNav(brand: string): void {
  void loadSideNavDrawer();
  void loadNavigationTree(brand);
}

/**
 * The side navigation drawer (spec 2.4), open while the hash is #nav…: the navigation tree one level at a
 * time, the hash naming the level. Going deeper slides the new level in from the right, going back from the
 * left; the account or sign-in and contact links stay pinned at the bottom. Its code and its tree load when it
 * first opens, if the shopper's first touch or key has not fetched them already.
 */
export function SideNav() {
  const { brand } = useShop();
  const { current } = useDrawer();
  const { opened } = useOpenedSinceHydration(current?.drawer === 'nav');
  const tree = useNavigationTree(brand, opened);
  if (!opened || !tree) return null;
  return (
    <Suspense fallback={null}>
      <SideNavDrawer tree={tree} />
    </Suspense>
  );
}
