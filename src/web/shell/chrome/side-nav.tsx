import { lazy, Suspense, useEffect, useState } from 'react';
import type { NavigationNode } from '../../../shared/website-config.ts';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useOpenedSinceHydration } from '../../ui/browser.ts';

const loadSideNavDrawer = () => import('./side-nav-drawer.tsx');
const SideNavDrawer = lazy(loadSideNavDrawer);
/** The tree's fetch and the API client it goes through load with the drawer, not with every page. */
const loadNavigation = (brand: string) =>
  import('./navigation-tree.ts').then(({ loadNavigationTree }) => loadNavigationTree(brand));

/** Fetches the side navigation's code and tree ahead of its first opening (the shopper's first touch or key). */
export function preloadSideNav(brand: string): void {
  void loadSideNavDrawer();
  void loadNavigation(brand);
}

/** The tree once it is wanted (the drawer has opened) and has come: null until then. */
function useNavigationTree(brand: string, wanted: boolean): NavigationNode[] | null {
  const [shown, setShown] = useState<NavigationNode[] | null>(null);
  useEffect(() => {
    if (!wanted || shown) return;
    let live = true;
    void loadNavigation(brand).then((loaded) => {
      if (live) setShown(loaded);
    });
    return () => {
      live = false;
    };
  }, [brand, wanted, shown]);
  return shown;
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
