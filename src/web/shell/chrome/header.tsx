import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { HEADER_OVERLAY_MAX_SCROLL_PX } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { imageSrcSet, imageUrl } from '../../../shared/media-url.ts';
import { lifePath, PATHS, shopPath } from '../../../shared/paths.ts';
import { brandLogos, type Logo, type PageWebsiteConfig } from '../../../shared/website-config.ts';
import type { Theme } from '../../lib/navigation/route-table.ts';
import { useStore } from '../../lib/store.ts';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useCartQuantity } from '../../lib/cart/cart-quantity.ts';
import { BagConfirmation } from './bag-confirmation.tsx';
import { brandName } from './brand-name.ts';
import { headerOverlay } from './header-overlay.ts';
import { AccountIcon, BagIcon, CloseIcon, ContactIcon, MenuIcon, SearchIcon } from '../../ui/icons.tsx';
import { SEARCH_OVERLAY_ID, searchOverlayStore } from '../../lib/search/search-overlay-store.ts';
import { SitewideMessages } from './sitewide-messages.tsx';
import { useHydrated } from '../../ui/browser.ts';
import { useScrollY, useViewportWidth } from './use-browser.ts';

export interface HeaderProps {
  theme: Theme;
  /** The name of the matched route; undefined lets the header lie over the page's hero on narrow screens. */
  routeName: string | undefined;
}

/*
 * The overlay classes carry a max-width variant (the spec's 1180 px) so the server render, which cannot
 * know the width, is right on every screen; after hydration the rule itself decides. White ink needs a dark
 * ground on any hero, a white one included: a scrim behind the bar, half black down to below its icons, fades
 * out under it.
 */
const OVERLAY_BAR =
  'max-[1181px]:border-transparent max-[1181px]:bg-transparent max-[1181px]:text-white max-[1181px]:backdrop-blur-none ' +
  'max-[1181px]:before:pointer-events-none max-[1181px]:before:absolute max-[1181px]:before:inset-x-0 max-[1181px]:before:top-0 max-[1181px]:before:-z-10 max-[1181px]:before:h-28 ' +
  'max-[1181px]:before:bg-linear-to-b max-[1181px]:before:from-black/60 max-[1181px]:before:via-black/50 max-[1181px]:before:to-transparent';
/** On an overlay route the page starts under the bar (h-16), so the hero fills the screen from the top. */
const OVERLAY_PULL = 'max-[1181px]:-mb-16';

const iconButton =
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-current/10 focus-visible:outline-current! md:size-11';

/** The logo's height on screen in CSS pixels: h-7, and h-9 from Tailwind's lg breakpoint (64rem). */
const LOGO_HEIGHT_PX = 28;
const LOGO_HEIGHT_LG_PX = 36;
const LOGO_DENSITIES = [1, 2, 3];

/** The logo at the widths its height asks for on each screen, so a phone does not fetch a desktop's retina file. */
function LogoImage({ logo, alt, className }: { logo: Logo; alt: string; className: string }) {
  const shownWidth = (height: number) => Math.ceil((height * logo.width) / Math.max(logo.height, 1));
  const widths = [LOGO_HEIGHT_PX, LOGO_HEIGHT_LG_PX].flatMap((height) =>
    LOGO_DENSITIES.map((density) => shownWidth(height) * density),
  );
  return (
    <img
      src={imageUrl(logo.url, shownWidth(LOGO_HEIGHT_LG_PX) * 2)}
      srcSet={imageSrcSet(logo.url, widths)}
      sizes={`(min-width: 64rem) ${shownWidth(LOGO_HEIGHT_LG_PX)}px, ${shownWidth(LOGO_HEIGHT_PX)}px`}
      width={logo.width}
      height={logo.height}
      alt={alt}
      className={`h-7 w-auto lg:h-9 ${className}`}
      loading="lazy"
      decoding="async"
    />
  );
}

/** Both logos are in the page; the theme (and the overlay's white ink) decides which one shows and loads. */
function BrandLogo({ config, brand, overlay }: { config: PageWebsiteConfig | null; brand: string; overlay: boolean }) {
  const name = brandName(config, brand);
  const { light, dark } = config ? brandLogos(config, brand) : { light: undefined, dark: undefined };
  if (!light || !dark) {
    const only = light ?? dark;
    if (only) return <LogoImage logo={only} alt={name} className="block" />;
    return <span className="font-display text-2xl font-black uppercase tracking-tight lg:text-3xl">{name}</span>;
  }
  return (
    <>
      <LogoImage
        logo={light}
        alt={name}
        className={overlay ? 'block dark:hidden max-[1181px]:hidden' : 'block dark:hidden'}
      />
      <LogoImage
        logo={dark}
        alt={name}
        className={overlay ? 'hidden dark:block max-[1181px]:block' : 'hidden dark:block'}
      />
    </>
  );
}

function ShopLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <NavLink
        to={to}
        prefetch="intent"
        className="relative inline-flex h-11 items-center px-1 font-display text-[0.8125rem] font-extrabold whitespace-nowrap uppercase tracking-[0.12em] xl:tracking-[0.14em] after:absolute after:inset-x-1 after:bottom-2.5 after:h-0.5 after:origin-left after:scale-x-0 after:bg-current after:transition-transform after:duration-300 hover:after:scale-x-100 focus-visible:outline-current! aria-[current=page]:after:scale-x-100 motion-reduce:after:transition-none"
      >
        {children}
      </NavLink>
    </li>
  );
}

/**
 * The shop's header (spec 2.4): the sitewide messages above it, shop links split around the centred logo on
 * large screens, a menu button beside the logo below that, and the search, account, contact and bag icons.
 */
export function Header({ theme, routeName }: HeaderProps) {
  const { brand, websiteConfig } = useShop();
  const { current, open, close } = useDrawer();
  const hydrated = useHydrated();
  const width = useViewportWidth();
  const scrollY = useScrollY(HEADER_OVERLAY_MAX_SCROLL_PX);
  const searchOpen = useStore(searchOverlayStore);
  const quantity = useCartQuantity();

  // The hash never reaches the server, so drawers count as closed until hydration.
  const navOpen = hydrated && current?.drawer === 'nav';
  const bagOpen = hydrated && current?.drawer === 'bag';
  // Before hydration the width is unknown: the rule is applied as if narrow and the classes' media query
  // keeps wide screens solid.
  const overlay = headerOverlay({ width: width ?? 0, scrollY, routeName, navOpen });
  const plain = theme === 'simple' || theme === 'checkout';
  const showIcons = !plain;
  const bordered = theme !== 'hidden-border' && theme !== 'hidden-border-bottom';
  const shopName = brandName(websiteConfig, brand);

  const bagLabel = MESSAGES.bagButton(quantity);
  // While the bag is open on a phone its drawer covers the screen edge where these sit.
  const besideBag = bagOpen ? 'max-md:hidden' : '';

  const toggleNav = () => (navOpen ? close() : open({ drawer: 'nav', ids: [] }));

  return (
    <>
      {theme !== 'checkout' && websiteConfig && <SitewideMessages config={websiteConfig} />}
      <header
        className={[
          'z-30 w-full border-b bg-page/95 text-ink backdrop-blur-md transition-[background-color,color,border-color] duration-300 motion-reduce:transition-none',
          plain ? 'relative' : 'sticky top-0',
          bordered ? 'border-line' : 'border-transparent',
          routeName === undefined ? OVERLAY_PULL : '',
          overlay ? OVERLAY_BAR : '',
        ].join(' ')}
        data-overlay={overlay || undefined}
      >
        <nav
          aria-label={MESSAGES.mainNavigation}
          className="mx-auto grid h-16 max-w-[90rem] grid-cols-[1fr_auto_1fr] items-center gap-2 px-1.5 md:px-4 lg:h-20 lg:px-8"
        >
          <div className="flex min-w-0 items-center gap-0.5 lg:gap-4">
            {showIcons && (
              <button
                type="button"
                className={`${iconButton} lg:hidden`}
                aria-label={navOpen ? MESSAGES.closeMenu : MESSAGES.openMenu}
                aria-expanded={navOpen}
                aria-haspopup="dialog"
                onClick={toggleNav}
              >
                {navOpen ? <CloseIcon /> : <MenuIcon />}
              </button>
            )}
            {showIcons && (
              <button
                type="button"
                className={iconButton}
                aria-label={MESSAGES.search}
                aria-expanded={searchOpen}
                aria-controls={searchOpen ? SEARCH_OVERLAY_ID : undefined}
                onClick={() => searchOverlayStore.set((isOpen) => !isOpen)}
              >
                <SearchIcon />
              </button>
            )}
            <ul className="ml-auto hidden items-center gap-4 lg:flex xl:gap-8">
              <ShopLink to={shopPath('men')}>{MESSAGES.men}</ShopLink>
              <ShopLink to={shopPath('women')}>{MESSAGES.women}</ShopLink>
              <ShopLink to={shopPath('kids')}>{MESSAGES.kids}</ShopLink>
            </ul>
          </div>

          <NavLink
            to={PATHS.home}
            aria-label={MESSAGES.shopHome(shopName)}
            className="flex items-center justify-center px-2 focus-visible:outline-current! lg:px-6 xl:px-10"
          >
            <BrandLogo config={websiteConfig} brand={brand} overlay={overlay} />
          </NavLink>

          <div className="flex min-w-0 items-center justify-end gap-0.5 lg:gap-4">
            <ul className="mr-auto hidden items-center gap-4 lg:flex xl:gap-8">
              <ShopLink to={PATHS.familie}>{MESSAGES.theFamilie}</ShopLink>
              <ShopLink to={lifePath(brand)}>{MESSAGES.life}</ShopLink>
              <ShopLink to={PATHS.news}>{MESSAGES.news}</ShopLink>
            </ul>
            {showIcons && (
              <div className="flex items-center gap-0.5">
                <NavLink to={PATHS.account} aria-label={MESSAGES.account} className={`${iconButton} ${besideBag}`}>
                  <AccountIcon />
                </NavLink>
                <NavLink to={PATHS.contact} aria-label={MESSAGES.contact} className={`${iconButton} ${besideBag}`}>
                  <ContactIcon />
                </NavLink>
                <div className="relative">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={bagLabel}
                    aria-expanded={bagOpen}
                    aria-haspopup="dialog"
                    onClick={() => (bagOpen ? close() : open({ drawer: 'bag' }))}
                  >
                    <BagIcon />
                    {quantity > 0 && (
                      <span
                        aria-hidden="true"
                        className={`absolute top-1 right-0.5 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-accent px-1 text-[0.6875rem] leading-none font-bold text-accent-ink tabular-nums ${overlay ? 'max-[1181px]:bg-white max-[1181px]:text-black' : ''}`}
                      >
                        {quantity > 99 ? '99+' : quantity}
                      </span>
                    )}
                  </button>
                  <BagConfirmation bagOpen={bagOpen} onViewBag={() => open({ drawer: 'bag' })} />
                </div>
              </div>
            )}
          </div>
        </nav>
      </header>
    </>
  );
}
