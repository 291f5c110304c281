import { expect, test, type Page, type Route } from '@playwright/test';

const SEARCH_REQUESTS = '**/search/collections/products/documents/search?*';

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page) => searchDialog(page).getByRole('searchbox', { name: 'Search' });
/** The visible 'No Matches' line (a status region says it again for screen readers). */
const noMatches = (page: Page) =>
  searchDialog(page)
    .getByRole('paragraph')
    .filter({ hasText: /^No Matches$/ });
const searchIcon = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });

/** Opens the overlay from the header's search icon, once the page has hydrated and the icon answers. */
async function openSearch(page: Page) {
  await expect(async () => {
    await searchIcon(page).click();
    await expect(searchDialog(page)).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(searchBox(page)).toBeFocused();
}

test.describe('the site search overlay', () => {
  test('opens from the header with the text box focused, and Escape or Close hand focus back to the icon @phone', async ({
    page,
  }) => {
    await page.goto('/about');
    await openSearch(page);
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'What are you looking for?');
    await page.keyboard.press('Escape');
    await expect(searchDialog(page)).toBeHidden();
    await expect(searchIcon(page)).toBeFocused();

    await openSearch(page);
    await searchDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(searchDialog(page)).toBeHidden();
    await expect(searchIcon(page)).toBeFocused();
  });

  test('with no recent searches offers the suggestions, and a suggestion fills the box', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    const dialog = searchDialog(page);
    await expect(dialog.getByText('No recent searches')).toBeVisible();
    const suggestions = dialog.getByRole('list', { name: 'Suggested searches' }).getByRole('button');
    await expect(suggestions).toHaveText(['Underwear', 'Bras', 'Women', 'Men', 'Kids']);
    await suggestions.filter({ hasText: 'Bras' }).click();
    await expect(searchBox(page)).toHaveValue('Bras');
    await expect(dialog.getByRole('region', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  });

  test('typing shows matching products after the pause, each with its name, price and a link', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    await searchBox(page).fill('bo');
    await searchBox(page).pressSequentially('x');
    const products = searchDialog(page).getByRole('region', { name: 'Products' });
    await expect(products).toBeVisible();
    const results = products.getByRole('listitem');
    expect(await results.count()).toBeGreaterThan(0);
    expect(await results.count()).toBeLessThanOrEqual(20);
    const first = results.first().getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/s\//);
    await expect(first).toContainText(/\$\d|Sold Out/);
  });

  test('too little text searches nothing; nonsense reads No Matches', async ({ page }) => {
    const searched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/documents/search'))
        searched.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await page.goto('/about');
    await openSearch(page);
    await searchBox(page).fill('bo');
    await searchBox(page).fill('qzxqzj');
    await expect(noMatches(page)).toBeVisible();
    expect(searched).toEqual(['qzxqzj']);
  });

  test('View all N matches goes to the shop searching for the text', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    await searchBox(page).fill('box');
    const viewAll = searchDialog(page).getByRole('link', { name: /^View all \d+ matches$/ });
    await expect(viewAll).toBeVisible();
    const found = Number((await viewAll.innerText()).match(/\d+/)?.[0]);
    expect(found).toBeGreaterThan(5);
    await viewAll.click();
    await expect(searchDialog(page)).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('q') === 'box');
  });

  test('View all N matches counts what the shop page it opens lists', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    await searchBox(page).fill('boxer');
    const viewAll = searchDialog(page).getByRole('link', { name: /^View all \d+ matches$/ });
    await expect(viewAll).toBeVisible();
    const found = Number((await viewAll.innerText()).match(/\d+/)?.[0]);
    await viewAll.click();
    await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('q') === 'boxer');
    await expect(page.getByRole('main').getByText(/^\d+ Products?$/)).toHaveText(`${found} Products`);
  });

  test('clicking a result opens its product page and closes the overlay @phone', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    await searchBox(page).fill('boxer');
    const first = searchDialog(page).getByRole('region', { name: 'Products' }).getByRole('link').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/s\//);
    await first.click();
    await expect(searchDialog(page)).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === href);
  });

  test('submitting goes to /shop?q=, and the term comes first in recent searches next time', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    await searchBox(page).fill('bras');
    await searchBox(page).press('Enter');
    await expect(searchDialog(page)).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('q') === 'bras');

    // A short term is pushed too.
    await openSearch(page);
    await expect(searchBox(page)).toHaveValue('');
    await searchBox(page).fill('xs');
    await searchDialog(page).getByRole('button', { name: 'Submit search' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('q') === 'xs');

    await page.reload();
    await openSearch(page);
    const recent = searchDialog(page).getByRole('region', { name: 'Recent searches' }).getByRole('listitem');
    await expect(recent).toHaveText(['xs', 'bras']);
    await recent.getByRole('button', { name: 'bras', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('bras');
  });

  test('a recent search can be removed', async ({ page }) => {
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('acme-recent-searches')) {
        window.localStorage.setItem(
          'acme-recent-searches',
          JSON.stringify(['socks', 'tank', 'bras', 'boxer', 'tee', 'hat']),
        );
      }
    });
    await page.goto('/about');
    await openSearch(page);
    const recentList = searchDialog(page).getByRole('region', { name: 'Recent searches' });
    await expect(recentList.getByRole('listitem')).toHaveText(['socks', 'tank', 'bras', 'boxer', 'tee']);
    await recentList.getByRole('button', { name: 'Remove tank from recent searches' }).click();
    await expect(recentList.getByRole('listitem')).toHaveText(['socks', 'bras', 'boxer', 'tee', 'hat']);
    expect(await page.evaluate(() => window.localStorage.getItem('acme-recent-searches'))).toBe(
      JSON.stringify(['socks', 'bras', 'boxer', 'tee', 'hat']),
    );
  });

  test('a slower answer for older text never replaces the newer one', async ({ page }) => {
    let releaseOlder: () => void = () => {};
    const older = new Promise<void>((resolve) => {
      releaseOlder = resolve;
    });
    await page.route(SEARCH_REQUESTS, async (route: Route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'boxer') await older;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/about');
    await openSearch(page);
    const olderRequest = page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === 'boxer');
    await searchBox(page).fill('boxer');
    await olderRequest;
    await searchBox(page).fill('qzxqzj');
    await expect(noMatches(page)).toBeVisible();
    releaseOlder();
    await expect(searchDialog(page).getByRole('region', { name: 'Products' })).toBeHidden();
    await expect(noMatches(page)).toBeVisible();
  });

  test('a failed search shows no message and clears the pending indicator', async ({ page }) => {
    await page.route(SEARCH_REQUESTS, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.goto('/about');
    await openSearch(page);
    const body = searchDialog(page).locator('#search-overlay-body');
    const failed = page.waitForResponse(
      (response) => response.url().includes('/documents/search') && response.status() === 500,
    );
    await searchBox(page).fill('boxer');
    await failed;
    await expect(body).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByText('Oops an error has occured!')).toBeHidden();
    await expect(searchDialog(page).getByRole('region', { name: 'Products' })).toBeHidden();
  });
});

test.describe('the easter egg', () => {
  const themeToggle = (page: Page) => page.getByRole('contentinfo').getByRole('group', { name: 'Color theme' });

  test('searching the exact term easter egg shows the theme toggle', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    await expect(themeToggle(page)).toBeHidden();
    await searchBox(page).fill('Easter Egg');
    await expect(
      searchDialog(page)
        .getByText(/No Matches|Products/)
        .first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(themeToggle(page)).toBeHidden();

    await openSearch(page);
    await searchBox(page).fill('easter egg');
    await expect(
      searchDialog(page)
        .getByText(/No Matches|Products/)
        .first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(themeToggle(page)).toBeVisible();
    await themeToggle(page).getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('submitting the term enables it too, and it stays on after a reload', async ({ page }) => {
    await page.goto('/about');
    await openSearch(page);
    await searchBox(page).fill('easter egg');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('q') === 'easter egg');
    await page.reload();
    await expect(themeToggle(page)).toBeVisible();
  });
});

test.describe('the not-found page', () => {
  test('recommends up to 24 suggested products, server-rendered, each linking to its product page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const strip = page.getByRole('region', { name: 'Recommended For You' });
    const cards = strip.getByRole('listitem');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(24);
    for (const href of await strip
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^\/s\//);
    }
    await expect(cards.locator('img')).toHaveCount(count);
    await context.close();
  });

  test('hydrates without a mismatch, and a recommended product opens its product page @phone', async ({ page }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    page.on('pageerror', (error) => hydrationErrors.push(error.message));
    await page.goto('/no/such/page');
    await openSearch(page);
    await page.keyboard.press('Escape');
    expect(hydrationErrors).toEqual([]);
    const first = page.getByRole('region', { name: 'Recommended For You' }).getByRole('link').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
  });
});
