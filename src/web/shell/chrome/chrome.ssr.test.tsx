import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WebsiteConfig } from '../../../shared/website-config.ts';
import type { Theme } from '../../lib/navigation/route-table.ts';
import { packJson } from '../../lib/packed-json.ts';
import { ShopProvider } from '../../lib/use-shop.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SideNav } from './side-nav.tsx';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const config: WebsiteConfig = {
  site_name: 'Acme',
  tagline: 'Comfort first',
  order_confirmation_text: '',
  sitewide_message_class: 'bg-sale text-white',
  sitewide_message_text_class: 'italic',
  sitewide_message_rotation_ms: 0,
  sitewide_messages: [
    { message: 'Sale ends in {countdown}', message_start: at(-HOUR), message_end: at(HOUR) },
    { message: 'Long gone', message_start: at(-2 * HOUR), message_end: at(-HOUR) },
    { message: 'Not yet', message_start: at(HOUR), message_end: at(2 * HOUR) },
  ],
  navigation: [],
  shipping_message_cart_modal_remaining_text: '',
  shipping_message_cart_modal_free_shipping_text: '',
  domestic_free_shipping_amount: 50,
  shop_items_per_page: 60,
  support_email: 'help@example.com',
  support_phone: '',
  support_display_phone: '',
  promo_gift_card_rate_per_fifty: 0,
  promo_store_credit: false,
  gift_card_denominations: [25, 50, 100],
  careers_url: '',
  music_url: '',
  product_delivery_note: '',
  product_returns_note: '',
  acme_logo: { url: '/media/brand/acme-logo.svg', width: 240, height: 64 },
  acme_logo_dark: { url: '/media/brand/acme-logo-dark.svg', width: 240, height: 64 },
};

/** Server-renders the chrome under a root route that provides the shop data, as the real root loader does. */
async function render(element: ReactNode, path = '/'): Promise<string> {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      loader: () => ({
        brand: 'acme',
        publicUrl: 'https://shop.example.com',
        regionalStoreUrls: {},
        appVersion: '4.8.4',
        search: null,
        websiteConfig: packJson(config),
      }),
      element: (
        <ShopProvider>
          <Outlet />
        </ShopProvider>
      ),
      children: [
        { index: true, element },
        { path: '*', element },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://shop.example.com${path}`));
  if (context instanceof Response) throw new Error(`Unexpected response ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

const header = (theme: Theme, routeName: string | undefined) =>
  render(<Header theme={theme} routeName={routeName} />, '/shop/men');

describe('Header on the server', () => {
  it('shows the active sitewide message with its classes, the countdown left for the browser', async () => {
    const html = await header('default', 'Page');
    expect(html).toContain('class="bg-sale text-white"');
    expect(html).toContain('Sale ends in ');
    expect(html).not.toContain('Long gone');
    expect(html).not.toContain('Not yet');
    expect(html).toMatch(/<span class="invisible" aria-hidden="true">00h 00m 00s<\/span>/);
    expect(html).not.toContain('aria-label="Next message"');
  });

  it('has the links, icons and both logos of the default theme, sticky', async () => {
    const html = await header('default', 'Page');
    for (const href of [
      '/shop/men',
      '/shop/women',
      '/shop/kids',
      '/the-familie',
      '/acme-life',
      '/news',
      '/',
      '/account',
      '/contact',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    for (const name of ['Open menu', 'Search', 'Account', 'Contact', 'Bag', 'Acme home'])
      expect(html).toContain(`aria-label="${name}"`);
    expect(html).toContain('src="/images/brand/acme-logo.svg?w=400"');
    expect(html).toContain('src="/images/brand/acme-logo-dark.svg?w=400"');
    expect(html).toContain('width="240" height="64"');
    // 240 by 64 shown 28 px high on a phone (105 px wide) and 36 px high from 64rem (135 px), at up to 3x: a
    // phone at 1.75x takes the 200 px file, not the 640 px one it took with 1x and 2x candidates.
    expect(html).toContain(
      'srcSet="/images/brand/acme-logo.svg?w=200 200w, /images/brand/acme-logo.svg?w=400 400w, /images/brand/acme-logo.svg?w=640 640w"',
    );
    expect(html).toContain('sizes="(min-width: 64rem) 135px, 105px"');
    expect(html).toContain('sticky top-0');
    expect(html).not.toContain('data-overlay');
  });

  it('lies over the page only on routes without a name', async () => {
    expect(await header('hidden-border', undefined)).toContain('data-overlay="true"');
    expect(await header('hidden-border', 'Login')).not.toContain('data-overlay');
  });

  it('hides the messages and icons on the checkout theme, the icons on the simple theme, and sticks on neither', async () => {
    const checkout = await header('checkout', 'Checkout');
    expect(checkout).not.toContain('Sale ends in');
    const simple = await header('simple', 'Runner');
    expect(simple).toContain('Sale ends in');
    for (const html of [checkout, simple]) {
      for (const name of ['Open menu', 'Search', 'Account', 'Contact', 'Bag'])
        expect(html).not.toContain(`aria-label="${name}"`);
      expect(html).not.toContain('sticky top-0');
      expect(html).toContain('aria-label="Acme home"');
    }
  });
});

describe('Footer on the server', () => {
  it('lists the three sections with the guest links', async () => {
    const html = await render(<Footer />);
    for (const title of ['SHOP', 'COMPANY', 'INFO']) expect(html).toContain(`>${title}<`);
    for (const href of [
      '/shop/boys',
      '/shop/toddlers',
      '/shop/girls',
      '/shop/accessories',
      '/about',
      '/giftcards',
      '/login',
      '/privacy-choices',
      '/terms',
      '/privacy',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('>Sign In<');
    expect(html).not.toContain('>My Account<');
    expect(html).toMatch(/href="\/creator-application" target="_blank" rel="noopener noreferrer"/);
    expect(html).toMatch(/href="\/nil" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('aria-expanded="false"');
  });

  it('links the social profiles in new tabs, has the sign-up form, the country line and the copyright', async () => {
    const html = await render(<Footer />);
    for (const profile of [
      'instagram.com/acme/',
      'facebook.com/acme',
      'twitter.com/acme',
      'pinterest.com/acme/',
      'tiktok.com/@acme',
      'youtube.com/@acme',
    ]) {
      expect(html).toMatch(
        new RegExp(
          `href="https://(www\\.)?${profile.replace(/[.]/g, '\\.')}" target="_blank" rel="noopener noreferrer"`,
        ),
      );
    }
    expect(html).toContain('<form id="footer-signup"');
    expect(html).toMatch(/<label[^>]*>Email address<\/label>/);
    expect(html).toContain('United States');
    expect(html).toContain(`${new Date().getFullYear()}`);
    expect(html).toContain('Acme. All Rights Reserved');
  });
});

describe('SideNav on the server', () => {
  it('renders nothing: the hash never reaches the server', async () => {
    expect(await render(<SideNav />, '/shop/men')).toBe('');
    expect(await render(<p>control</p>, '/shop/men')).toBe('<p>control</p>');
  });
});
