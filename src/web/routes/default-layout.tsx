import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { BagDrawer, preloadBagDrawer } from '../features/bag/bag-drawer.tsx';
import { useBagBadgeSync } from '../lib/cart/cart-store.ts';
import { SizeGuideDrawer } from '../features/product/size-guide-drawer.tsx';
import { preloadSearchOverlay, SearchOverlay } from '../features/search/search-overlay.tsx';
import { onFirstInteraction } from '../lib/first-interaction.ts';
import { preloadDrawer } from '../ui/drawer.tsx';
import { preloadModal } from '../ui/modal.tsx';
import { useRouteFlags } from '../lib/navigation/use-route-flags.ts';
import { CountryPrompt } from '../shell/chrome/country-selector.tsx';
import { Footer } from '../shell/chrome/footer.tsx';
import { Header } from '../shell/chrome/header.tsx';
import { preloadSideNav, SideNav } from '../shell/chrome/side-nav.tsx';
import {
  useAttemptedCheckout,
  FullReloadOnLeave,
  usePageSlide,
  useScrollRestoreOptIn,
} from '../lib/navigation/navigation-effects.ts';
import { LoadingOverlay } from '../shell/overlays/loading-overlay.tsx';
import { notify } from '../lib/notifications/notifications.ts';
import { ScrollToTop } from '../shell/overlays/scroll-to-top.tsx';
import { useThemeOverride } from '../lib/theme.ts';
import { preloadToasts, Toasts } from '../shell/overlays/toasts.tsx';
import { useShop } from '../lib/use-shop.ts';

/**
 * The default layout of spec 2.3: header, footer, search overlay, size-guide and bag drawers. The checkout and
 * simple themes hide the footer, search, drawers and country prompt.
 */
export default function DefaultLayout() {
  const { brand, websiteConfig } = useShop();
  const flags = useRouteFlags(brand);
  const theme = flags.theme ?? 'default';
  const framed = theme !== 'checkout' && theme !== 'simple';
  const { pathname } = useLocation();
  // Every route has a name but the home page, whose hero the header lies over while at the top (spec 2.4).
  const deepestId = useMatches().at(-1)?.id;
  const routeName = flags.name ?? (deepestId === 'home' ? undefined : deepestId);

  useAttemptedCheckout(flags.name);
  useScrollRestoreOptIn(flags.restoreScroll);
  const slide = usePageSlide(flags.depth);
  // The dialogs' code (Radix with it) and the toasts' come at the shopper's first touch or key, not with the page.
  useEffect(
    () =>
      onFirstInteraction(() => {
        preloadDrawer();
        preloadModal();
        preloadBagDrawer();
        preloadToasts();
        if (framed) {
          preloadSearchOverlay();
          preloadSideNav(brand);
        }
      }),
    [framed, brand],
  );
  useEffect(() => {
    if (!websiteConfig) notify({ type: 'danger', message: MESSAGES.websiteConfigFailure });
  }, [websiteConfig]);

  return (
    <div className="flex min-h-dvh flex-col" data-route-theme={theme}>
      <a
        href="#main"
        className="sr-only z-[80] bg-accent px-4 py-2 text-accent-ink focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {MESSAGES.skipToContent}
      </a>
      <Header theme={theme} routeName={routeName} />
      {framed && <SideNav />}
      <div key={pathname} className={`flex-1 ${slide ? `page-slide-${slide}` : ''}`}>
        <Outlet />
      </div>
      {framed && <Footer />}
      {framed && <SearchOverlay />}
      {framed && <BagDrawer />}
      {framed && <SizeGuideDrawer />}
      {framed && <CountryPrompt />}
      <LoadingOverlay />
      <ScrollToTop />
      <Toasts />
      <BrowserStateSync />
      <FullReloadOnLeave fullReload={flags.fullReload} />
    </div>
  );
}

/**
 * Keeps the page in step with what the browser stores (the theme override, the bag's badge). A component of its
 * own: the stored values arrive right after hydration as a render of their readers, which here is this empty
 * component and not the whole layout and page.
 */
function BrowserStateSync() {
  useThemeOverride();
  useBagBadgeSync();
  return null;
}
