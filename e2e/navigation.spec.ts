import { expect, test } from '@playwright/test';
import { expectFocusInDialog } from './dialogs.ts';
import { gotoHydrated } from './hydration.ts';
import { redraws, watchRedraws } from './redraws.ts';
import { USER_STORAGE_KEY } from '../src/shared/storage-keys.ts';

test.describe('routes of spec 2.1', () => {
  for (const [from, to] of [
    ['/size-charts', '/size-guides'],
    ['/familie', '/the-familie'],
    ['/familie/summer-on-the-lake', '/the-familie/summer-on-the-lake'],
    ['/ultimate', '/contest/ultimate'],
    ['/contest/', '/'],
    ['/contest/enter-in/ultimate', '/contest/ultimate'],
  ] as const) {
    test(`${from} redirects to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL((url) => url.pathname === to);
    });
  }

  test('/careers and /music leave for the configured external sites', async ({ request }) => {
    const careers = await request.get('/careers', { maxRedirects: 0 });
    expect(careers.status()).toBe(302);
    expect(careers.headers().location).toBe('https://jobs.example.com/acme');
    const music = await request.get('/music/playlists/summer', { maxRedirects: 0 });
    expect(music.headers().location).toBe('https://music.example.com/acme/playlists/summer');
  });

  test('every page title reads page | site | tagline', async ({ page }) => {
    await page.goto('/news');
    await expect(page).toHaveTitle('News | ACME | Loud Prints. Serious Comfort.');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  });

  test('a news post opens from the list and its list pages by offset', async ({ page }) => {
    await page.goto('/news');
    const firstPost = page.locator('main article h2 a').first();
    const title = await firstPost.innerText();
    await firstPost.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/news?offset=1');
    await expect(page.locator('main article h2 a').first()).not.toHaveText(title);
  });
});

test.describe('the account area', () => {
  test('sends a guest to /login on the first load, from the server', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/account/orders');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Forders$/);
    await context.close();
  });

  test('sends a guest to /login when moving there inside the shop', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount(%2F|$)/);
    await expect(page).toHaveTitle(/^Login \| ACME/);
  });

  test('/account/ redirects to /account/home, then to /login for a guest', async ({ page }) => {
    await page.goto('/account/');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount(%2F|$)/);
  });
});

test.describe('drawers by hash', () => {
  test('#bag opens the bag drawer, Escape closes it and gives focus back', async ({ page }) => {
    await page.goto('/about');
    const bagButton = page.getByRole('button', { name: /^Bag/ });
    await bagButton.click();
    await expect(page).toHaveURL(/#bag$/);
    const bag = page.getByRole('dialog', { name: 'Your Bag' });
    await expect(bag).toBeVisible();
    await expect(bag.getByText('Your bag is empty.')).toBeVisible();
    await expectFocusInDialog(page);
    await page.keyboard.press('Escape');
    await expect(bag).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
    await expect(bagButton).toBeFocused();
  });

  test('an open drawer leaves the page’s own styles alone, and a click beside it closes it without reaching the page', async ({
    page,
  }) => {
    await gotoHydrated(page, '/about');
    const logo = page.getByRole('banner').getByRole('link').first();
    const logoBox = await logo.boundingBox();
    if (!logoBox) throw new Error('The header’s first link has no box');
    await page.getByRole('button', { name: /^Bag/ }).click();
    const bag = page.getByRole('dialog', { name: 'Your Bag' });
    await expect(bag).toBeVisible();
    // Radix turns the body's pointer events off and the scroll lock sets a property on the body: inherited, they
    // restyled the whole page as the drawer opened and closed.
    const pageStyle = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('body > div') ?? document.body);
      return {
        pointerEvents: style.pointerEvents,
        scrollBarSize: style.getPropertyValue('--removed-body-scroll-bar-size'),
      };
    });
    expect(pageStyle).toEqual({ pointerEvents: 'auto', scrollBarSize: '' });
    await page.mouse.click(logoBox.x + logoBox.width / 2, logoBox.y + logoBox.height / 2);
    await expect(bag).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('a drawer draws its header, with the close button that takes the focus, before its body', async ({ page }) => {
    // The body's render yields to the browser: drawn with the drawer, a bag's lines made its opening one long task.
    await page.addInitScript(() => {
      let batch = 0;
      new MutationObserver(() => {
        batch += 1;
        const marks = document.documentElement.dataset;
        const dialog = document.querySelector('[role="dialog"]');
        if (!dialog) return;
        if (marks.testCloseBatch === undefined && dialog.querySelector('button[aria-label="Close"]'))
          marks.testCloseBatch = String(batch);
        if (marks.testBodyBatch === undefined && dialog.textContent?.includes('Your bag is empty.'))
          marks.testBodyBatch = String(batch);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/about#bag');
    const bag = page.getByRole('dialog', { name: 'Your Bag' });
    await expect(bag.getByText('Your bag is empty.')).toBeVisible();
    await expectFocusInDialog(page);
    const marks = await page.evaluate(() => ({ ...document.documentElement.dataset }));
    expect(Number(marks.testCloseBatch)).toBeGreaterThan(0);
    expect(Number(marks.testBodyBatch)).toBeGreaterThan(Number(marks.testCloseBatch));
  });

  test('loading a page with #bag opens the drawer after hydration', async ({ page }) => {
    await page.goto('/news#bag');
    await expect(page.getByRole('dialog', { name: 'Your Bag' })).toBeVisible();
  });

  test('a new hash closes the open drawer and opens the next', async ({ page }) => {
    await page.goto('/news#bag');
    await expect(page.getByRole('dialog', { name: 'Your Bag' })).toBeVisible();
    await page.evaluate(() => {
      window.location.hash = '#nav';
    });
    await expect(page.getByRole('dialog', { name: 'Your Bag' })).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });

  test('the side navigation walks the tree by hash, with a back row @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/news');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // The page's code starts after its first paint: a tap before it has started does nothing yet.
    await expect(async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(page).toHaveURL(/#nav$/);
    await menu.getByRole('button', { name: 'Men', exact: true }).click();
    await expect(page).toHaveURL(/#nav:men$/);
    const men = page.getByRole('dialog', { name: 'Men' });
    await expect(men.getByRole('button', { name: 'Back to Menu' })).toBeVisible();
    await men.getByRole('button', { name: 'Back to Menu' }).click();
    await expect(page).toHaveURL(/#nav$/);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/news$/);
  });
});

test.describe('the theme', () => {
  test('a local dark override applies before the first paint', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('acme-dark-mode', '"dark"'));
    await page.goto('/about', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(14, 14, 15)');
  });
});

test.describe('the footer', () => {
  test('collapses its sections on a phone @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    const shop = page.getByRole('button', { name: 'SHOP' });
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await shop.click();
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Boys' })).toBeVisible();
  });

  test('a shopper kept in the browser redraws the footer’s account link, not the footer', async ({ page }) => {
    // The server draws the page for a guest; the shopper the browser keeps arrives after hydration.
    await page.addInitScript(([key, user]) => localStorage.setItem(key, JSON.stringify(user)), [
      USER_STORAGE_KEY,
      { _id: 'customer-e2e', username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    ] as const);
    await watchRedraws(page, ['footer button', 'footer h2', 'footer a[href="/account"]'], { fromStart: true });
    await gotoHydrated(page, '/about');
    await page.waitForLoadState('networkidle');
    const counts = await redraws(page);
    expect(counts['footer button'] ?? 0).toBe(0);
    expect(counts['footer h2'] ?? 0).toBe(0);
    // The account link was drawn again in place, for the shopper.
    expect(counts['footer a[href="/account"]']).toBeGreaterThan(0);
  });

  test('shows Sign In to a guest and signs up an e-mail', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await footer.getByRole('textbox', { name: /email/i }).fill('e2e-shopper@example.com');
    await footer.getByRole('button', { name: /sign up/i }).click();
    await expect(footer.getByText('Thanks for signing up!')).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible();
  });

  test('refuses a malformed e-mail at the field, with the danger message, and takes it once corrected', async ({
    page,
  }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('textbox', { name: /email/i });
    await email.fill('not-an-address');
    await footer.getByRole('button', { name: /sign up/i }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the errors.' })).toBeVisible();
    await expect(footer.getByText('Value is not a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Value is not a valid email address');
    await expect(email).toBeFocused();
    await email.fill('e2e-corrected@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await footer.getByRole('button', { name: /sign up/i }).click();
    await expect(footer.getByText('Thanks for signing up!')).toBeVisible();
  });

  test('signs up before the page has started its code: the post comes back to the page with the answer', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: /email/i }).fill('e2e-no-script@example.com');
    await footer.getByRole('button', { name: /sign up/i }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/about' && url.hash === '#footer-signup');
    await expect(footer.getByText('Thanks for signing up!')).toBeVisible();

    await footer.getByRole('textbox', { name: /email/i }).fill('not-an-address');
    await footer.getByRole('button', { name: /sign up/i }).click();
    await expect(footer.getByText('Value is not a valid email address')).toBeVisible();
    await expect(footer.getByRole('textbox', { name: /email/i })).toHaveAttribute('aria-invalid', 'true');
    await context.close();
  });

  test('a sign-up pressed before the page has started its code is sent once it has', async ({ page }) => {
    // A slow network: the app's code arrives well after the form has been filled and pressed.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: /email/i }).fill('e2e-early@example.com');
    await footer.getByRole('button', { name: /sign up/i }).click();
    await expect(footer.getByText('Thanks for signing up!')).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL((url) => url.pathname === '/about' && url.search === '');
  });
});

test('the scroll-to-top button appears past 300 px and scrolls back up', async ({ page }) => {
  await page.goto('/news');
  await page.evaluate(() => window.scrollTo(0, 1200));
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('route flags', () => {
  for (const started of [false, true]) {
    test(`leaving a full-reload route loads the next page from the server, ${started ? 'once the app has started' : 'before the app starts'}`, async ({
      page,
    }) => {
      await (started ? gotoHydrated(page, '/acme-runner') : page.goto('/acme-runner'));
      await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
      await page.getByRole('link', { name: 'Acme home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
      expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(false);
    });
  }

  test('other routes move inside the same document', async ({ page }) => {
    await gotoHydrated(page, '/about');
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'News' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
  });

  test('back restores the scroll of a list that opts in, not of other pages', async ({ page }) => {
    await gotoHydrated(page, '/news');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await page.locator('main article h2 a').nth(4).click();
    await expect(page.getByRole('link', { name: '← Back' })).toBeVisible();
    await page.goBack();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(800);

    await gotoHydrated(page, '/about');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole('contentinfo').getByRole('link', { name: 'News' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the blank layout shows the page alone', async ({ page }) => {
    await page.goto('/preview-block-html');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the checkout theme hides the footer, search and bag', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Bag/ })).toHaveCount(0);
  });
});
