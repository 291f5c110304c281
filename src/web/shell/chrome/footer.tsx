import { memo, useId, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { homeCountry, storeCountries } from '../../../shared/countries.ts';
import { EXPAND_ANIMATION_MS } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { lifePath, PATHS, shopPath } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { track } from '../../lib/analytics/analytics.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useUser } from '../../lib/user-store.ts';
import { brandName } from './brand-name.ts';
import { ThemeToggle } from '../overlays/theme-toggle.tsx';
import { CountrySelector, countrySelectorStore } from './country-selector.tsx';
import { FooterSignup } from './footer-signup.tsx';
import {
  ArrowUpRightIcon,
  ChevronDownIcon,
  FacebookIcon,
  GlobeIcon,
  InstagramIcon,
  PinterestIcon,
  TikTokIcon,
  TwitterIcon,
  YouTubeIcon,
} from '../../ui/icons.tsx';

interface FooterLink {
  to: string;
  label: string;
  /** Opens in a new tab (the application forms). */
  newTab?: boolean;
}

interface SocialNetwork {
  id: string;
  name: string;
  href: (brand: string) => string;
  Icon: ComponentType<{ className?: string }>;
}

const SOCIAL_NETWORKS: readonly SocialNetwork[] = [
  { id: 'instagram', name: 'Instagram', href: (brand) => `https://www.instagram.com/${brand}/`, Icon: InstagramIcon },
  { id: 'facebook', name: 'Facebook', href: (brand) => `https://www.facebook.com/${brand}`, Icon: FacebookIcon },
  { id: 'twitter', name: 'Twitter', href: (brand) => `https://twitter.com/${brand}`, Icon: TwitterIcon },
  { id: 'pinterest', name: 'Pinterest', href: (brand) => `https://www.pinterest.com/${brand}/`, Icon: PinterestIcon },
  { id: 'tiktok', name: 'TikTok', href: (brand) => `https://www.tiktok.com/@${brand}`, Icon: TikTokIcon },
  { id: 'youtube', name: 'YouTube', href: (brand) => `https://www.youtube.com/@${brand}`, Icon: YouTubeIcon },
];

const linkClass =
  'inline-flex items-center gap-1.5 py-1.5 text-sm text-ink-muted transition-colors hover:text-ink hover:underline hover:underline-offset-4 md:py-1';

function FooterLinkItem({ link }: { link: FooterLink }) {
  if (link.newTab) {
    return (
      <li>
        <a href={link.to} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {link.label}
          <ArrowUpRightIcon className="size-3.5" strokeWidth={2} />
          <span className="sr-only">{MESSAGES.opensInNewTab}</span>
        </a>
      </li>
    );
  }
  return (
    <li>
      <Link to={link.to} prefetch="intent" className={linkClass}>
        {link.label}
      </Link>
    </li>
  );
}

/**
 * The INFO section's first link: My Account for a signed-in shopper, Sign In for a guest. The only part of the
 * footer that follows the user, so the user arriving from storage after hydration redraws this link alone.
 */
function AccountLinkItem() {
  const user = useUser();
  return (
    <FooterLinkItem
      link={
        isSignedIn(user)
          ? { to: PATHS.account, label: MESSAGES.myAccount }
          : { to: PATHS.login, label: MESSAGES.signIn }
      }
    />
  );
}

const headingClass = 'font-display text-sm font-black uppercase tracking-[0.16em]';

/**
 * A link section: a disclosure on small screens (collapsed until opened, expanding over 300 ms), always
 * open with a plain heading from md up.
 */
function FooterSection({ title, links, first }: { title: string; links: readonly FooterLink[]; first?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="border-b border-line md:border-b-0">
      <h2 className={`hidden md:block ${headingClass}`}>{title}</h2>
      <h2 className="md:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          className={`flex min-h-14 w-full items-center justify-between gap-4 text-left focus-visible:-outline-offset-2! ${headingClass}`}
        >
          {title}
          <ChevronDownIcon
            className={`size-5 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            style={{ transitionDuration: `${EXPAND_ANIMATION_MS}ms` }}
          />
        </button>
      </h2>
      <div
        id={panelId}
        className={`grid transition-[grid-template-rows,visibility] ease-out motion-reduce:transition-none md:visible md:grid-rows-[1fr] ${open ? 'visible grid-rows-[1fr]' : 'invisible grid-rows-[0fr]'}`}
        style={{ transitionDuration: `${EXPAND_ANIMATION_MS}ms` }}
      >
        <ul className="min-h-0 overflow-hidden pb-4 md:mt-5 md:pb-0">
          {first}
          {links.map((link) => (
            <FooterLinkItem key={link.to} link={link} />
          ))}
        </ul>
      </div>
    </div>
  );
}

function SocialLinks({ brand }: { brand: string }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {SOCIAL_NETWORKS.map(({ id, name, href, Icon }) => (
        <li key={id}>
          <a
            href={href(brand)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => track({ event: 'social_visit', source: id })}
            className="inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-ink hover:text-page"
          >
            <Icon className="size-5" />
            <span className="sr-only">{`${name}${MESSAGES.opensInNewTab}`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Small({ children }: { children: ReactNode }) {
  return <span className="text-xs text-ink-muted">{children}</span>;
}

/**
 * The shop's footer (spec 2.4): SHOP, COMPANY and INFO links, social links, the e-mail sign-up from md up,
 * the country line that opens the country selector, and the copyright line. Memoised: it takes no properties,
 * so a page drawn again around it (the router's state changing) leaves its 130 elements alone.
 */
export const Footer = memo(function Footer() {
  const { brand, websiteConfig, publicUrl } = useShop();
  const name = brandName(websiteConfig, brand);
  const country = homeCountry(storeCountries(publicUrl, {}));

  const shop: FooterLink[] = [
    { to: shopPath('men'), label: MESSAGES.men },
    { to: shopPath('boys'), label: MESSAGES.boys },
    { to: shopPath('toddlers'), label: MESSAGES.toddlers },
    { to: shopPath('women'), label: MESSAGES.women },
    { to: shopPath('girls'), label: MESSAGES.girls },
    { to: shopPath('accessories'), label: MESSAGES.accessories },
  ];
  const company: FooterLink[] = [
    { to: PATHS.about, label: MESSAGES.aboutUs },
    { to: PATHS.familie, label: MESSAGES.theFamilie },
    { to: lifePath(brand), label: MESSAGES.life },
    { to: PATHS.news, label: MESSAGES.news },
    { to: PATHS.contact, label: MESSAGES.contactUs },
    { to: PATHS.giftCards, label: MESSAGES.giftCardsLink },
  ];
  const info: FooterLink[] = [
    { to: PATHS.creatorApplication, label: MESSAGES.becomeAmbassador, newTab: true },
    { to: PATHS.nilApplications, label: MESSAGES.nilApplications, newTab: true },
    { to: PATHS.privacyChoices, label: MESSAGES.privacyChoices },
    { to: PATHS.terms, label: MESSAGES.termsOfUse },
    { to: PATHS.privacy, label: MESSAGES.privacyPolicy },
  ];

  return (
    <footer className="border-t border-line bg-surface-muted text-ink">
      <div className="mx-auto max-w-[90rem] px-5 pt-6 pb-8 md:px-8 md:pt-16 lg:px-12 lg:pt-20">
        <div className="grid md:grid-cols-3 md:gap-x-8 md:gap-y-14 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.5fr)] lg:gap-x-12">
          <FooterSection title={MESSAGES.footerShop} links={shop} />
          <FooterSection title={MESSAGES.footerCompany} links={company} />
          <FooterSection title={MESSAGES.footerInfo} links={info} first={<AccountLinkItem />} />
          <div className="mt-8 flex flex-col gap-8 md:col-span-3 md:mt-0 md:grid md:grid-cols-[minmax(0,1fr)_auto] md:items-end lg:col-span-1 lg:flex lg:items-stretch">
            <FooterSignup className="hidden md:block" />
            <div>
              <h2 className={`${headingClass} mb-2`}>{MESSAGES.followUs}</h2>
              <SocialLinks brand={brand} />
            </div>
          </div>
        </div>

        <p
          aria-hidden="true"
          className="mt-12 overflow-hidden font-display text-[clamp(3.5rem,14vw,12rem)] leading-[0.8] font-black uppercase tracking-tighter text-ink select-none md:mt-20"
        >
          {name}
        </p>

        <div className="mt-8 flex flex-col gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
          {country && (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => countrySelectorStore.set(true)}
              className="inline-flex items-center gap-2 self-start text-xs font-bold uppercase tracking-[0.14em] underline-offset-4 hover:underline"
            >
              <GlobeIcon className="size-4" />
              <span className="sr-only">{MESSAGES.location}</span>
              {country.name}
            </button>
          )}
          <ThemeToggle />
          <div className="flex flex-col gap-2 md:flex-row md:items-center md:gap-6">
            <Small>
              {'© '}
              <span suppressHydrationWarning>{new Date().getFullYear()}</span>
              {` ${name}. ${MESSAGES.allRightsReserved}`}
            </Small>
            <ul className="flex gap-5 text-xs">
              <li>
                <Link to={PATHS.terms} className="text-ink-muted underline-offset-4 hover:text-ink hover:underline">
                  {MESSAGES.termsOfUse}
                </Link>
              </li>
              <li>
                <Link to={PATHS.privacy} className="text-ink-muted underline-offset-4 hover:text-ink hover:underline">
                  {MESSAGES.privacyPolicy}
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </div>
      <CountrySelector />
    </footer>
  );
});
