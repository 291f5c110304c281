import { expect, test, type Locator, type Page } from '@playwright/test';
import { isDrawn } from './drawing.ts';
import { gotoHydrated } from './hydration.ts';
import { redrawsOnRouterStateChange, watchRedraws } from './redraws.ts';
import { HYDRATED_EVENT } from '../src/web/shell/start/deferred-start.ts';

/** The page's product total, as its heading area shows it ('435 Products'). */
async function productTotal(page: Page): Promise<number> {
  const text = await page
    .getByRole('main')
    .getByText(/^\d+ Products?$/)
    .textContent();
  return Number(text?.split(' ')[0]);
}

/** The grid of the page's faceted block: the last list of tiles on the page. */
const mainGrid = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .last();

/** What each tile of the grid sells for (a sale price shows first), leaving out the sold-out tiles, which show no price. */
async function tilePrices(page: Page): Promise<number[]> {
  // The rendered text, which keeps the price apart from the '2 more colors' after it.
  const texts = await mainGrid(page).getByRole('article').allInnerTexts();
  return texts.flatMap((text) => {
    const price = /\$(\d+(?:,\d{3})*(?:\.\d{2})?)(?!\d)/.exec(text)?.[1];
    return price ? [Number(price.replace(/,/g, ''))] : [];
  });
}

const ascending = (values: number[]) =>
  values.every((value, index) => index === 0 || (values[index - 1] ?? value) <= value);

test.describe('the shop page', () => {
  test('its filter sidebar, hidden on a phone, hydrates in a pass of its own', async ({ request }) => {
    // A Suspense boundary the server rendered (<!--$-->) is hydrated after the part of the page around it
    // (decision 023): with the sidebar in it, the page's first pass held a phone's main thread for 27 to 32 ms.
    const html = await (await request.get('/shop/men')).text();
    expect(html).toMatch(/<aside aria-label="Filters"[^>]*><div[^>]*><!--\$-->/);
  });

  test('/shop/men is rendered on the server: names, prices, crawler links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/shop/men', { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Men' })).toBeVisible();
    await expect(page.getByText(/^\d+ Products$/)).toBeVisible();
    const names = page.getByRole('article').getByRole('heading', { level: 3 });
    expect(await names.count()).toBeGreaterThan(60);
    await expect(names.first()).toHaveText(/^Men's /);
    await expect(page.getByText(/^Showing 60 of \d+$/)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/shop\/men$/);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/shop\/men\?p=2$/);
    await context.close();
  });

  test('a filter search that fails is asked again, so the grid follows the selection', async ({ page }) => {
    await gotoHydrated(page, '/shop/men');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const all = await productTotal(page);
    // The search client already tries a node twice; both tries of the first search fail here.
    let failures = 0;
    await page.route('**/search/multi_search**', async (route) => {
      if (failures < 2) {
        failures++;
        await route.abort('failed');
        return;
      }
      await route.continue();
    });
    await filters.getByRole('checkbox', { name: /^Boxer Briefs \d+$/ }).check();
    await expect.poll(() => productTotal(page)).toBeLessThan(all);
    expect(failures).toBe(2);
    for (const name of await mainGrid(page).getByRole('article').getByRole('heading', { level: 3 }).allTextContents()) {
      expect(name).toMatch(/Boxer Brief/);
    }
  });

  test('toggling a facet narrows the products and updates t; reset clears it', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await gotoHydrated(page, '/shop/men');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const all = await productTotal(page);
    const boxerBriefs = filters.getByRole('checkbox', { name: /^Boxer Briefs \d+$/ });
    await boxerBriefs.check();
    await expect(page).toHaveURL((url) => url.searchParams.get('t') === '["category:Underwear > Boxer Briefs"]');
    await expect.poll(() => productTotal(page)).toBeLessThan(all);
    await expect(page.getByRole('button', { name: 'Remove Boxer Briefs' })).toBeVisible();
    const names = await mainGrid(page).getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/Boxer Brief/);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/shop/men' && url.search === '');
    await expect.poll(() => productTotal(page)).toBe(all);
    await expect(boxerBriefs).not.toBeChecked();
    expect(errors).toEqual([]);
  });

  test('Load More appends the next products until the block is closed', async ({ page }) => {
    await page.goto('/shop/men/boxer-briefs');
    const total = await productTotal(page);
    expect(total).toBeGreaterThan(60);
    const tiles = mainGrid(page).getByRole('article');
    await expect(tiles).toHaveCount(60);
    const loadMore = page.getByRole('button', { name: 'Load More' });
    await loadMore.click();
    await expect(tiles).toHaveCount(Math.min(120, total));
    if (total <= 120) await expect(loadMore).toBeHidden();
    else await expect(page.getByText(`Showing 120 of ${total}`)).toBeVisible();
  });

  test('Back after Load More comes to the products loaded so far, with the product left from where it was on screen @phone', async ({
    page,
  }) => {
    // A second page of products, a product page and Back: past 30 s on a busy machine.
    test.slow();
    // Pressed once the button has hydrated: a press retried after a slow search would press a button that the
    // products it loaded have closed, or load a third page.
    await gotoHydrated(page, '/shop/men/boxer-briefs');
    const loaded = Math.min(120, await productTotal(page));
    const tiles = mainGrid(page).getByRole('article');
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(tiles).toHaveCount(loaded);
    const link = tiles
      .nth(loaded - 1)
      .getByRole('heading')
      .getByRole('link');
    const [name, href] = [(await link.textContent()) ?? '', await link.getAttribute('href')];
    // Pressed where Playwright's jump down the page leaves it: the tiles passed over were never drawn, so the grid
    // above is laid out at their estimated heights, and the same scroll offset after Back shows it elsewhere.
    // Its place on screen is read as it is pressed.
    const screenTop = () => link.evaluate((element) => element.getBoundingClientRect().top);
    await link.evaluate((element) =>
      element.addEventListener(
        'click',
        () => (document.documentElement.dataset.pressedTop = String(element.getBoundingClientRect().top)),
        { once: true },
      ),
    );
    await link.click();
    const top = Number(await page.locator('html').getAttribute('data-pressed-top'));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await expect(tiles).toHaveCount(loaded);
    await expect(link).toHaveAttribute('href', href ?? '');
    await expect.poll(async () => Math.abs((await screenTop()) - top)).toBeLessThanOrEqual(1);
  });

  test('the grid the document brings skips drawing its far tiles; one a move draws is laid out whole, and Back lands on the product left from', async ({
    page,
  }) => {
    const drawn = (tile: Locator) => isDrawn(tile.getByRole('article'));
    await gotoHydrated(page, '/shop/men');
    const tiles = mainGrid(page).getByRole('listitem');
    expect(await drawn(tiles.first())).toBe(true);
    expect(await drawn(tiles.nth(40))).toBe(false);
    // A drawer opened by hash leaves the page as it is.
    await page.getByRole('button', { name: /^Bag/ }).click();
    await expect(page).toHaveURL(/#bag$/);
    await expect(page.getByRole('dialog', { name: /^Your Bag/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/#bag$/);
    expect(await drawn(tiles.nth(40))).toBe(false);
    // Scrolled to, it is drawn.
    await tiles.nth(40).scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(tiles.nth(40))).toBe(true);

    await page.getByRole('banner').getByRole('link', { name: 'Women', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Women' })).toBeVisible();
    // The shop page stays mounted for the move; its new grid is laid out whole, far tiles too.
    await expect.poll(() => drawn(tiles.nth(40))).toBe(true);
    // A jump straight down the grid, as a scrollbar drag makes it: Back must not depend on tiles the shopper passed.
    await page.evaluate(() => window.scrollTo(0, 6000));
    const link = tiles.nth(30).getByRole('heading').getByRole('link');
    await link.scrollIntoViewIfNeeded();
    const top = await link.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const name = (await link.textContent()) ?? '';
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\/women$/);
    await expect.poll(() => link.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBe(top);
  });

  test('quick add from a tile puts one in the bag', async ({ page }) => {
    await page.goto('/shop/men');
    const tile = mainGrid(page).getByRole('article').first();
    await tile.hover();
    const quickAdd = tile.getByRole('group', { name: /^Quick add / });
    await expect(quickAdd).toBeVisible();
    await quickAdd
      .getByRole('button', { name: /^Add size /, disabled: false })
      .first()
      .click();
    await expect(page.getByText('Item successfully added to cart')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bag, 1 item' })).toBeVisible();
  });

  test('reports the tiles seen as view_item_list in USD', async ({ page }) => {
    await page.goto('/shop/men');
    const reported = () =>
      page.evaluate(() =>
        (window.dataLayer ?? []).flatMap((entry) =>
          'event' in entry && entry.event === 'view_item_list' && 'currency' in entry ? [entry.currency] : [],
        ),
      );
    await expect.poll(reported).toContain('USD');
  });

  test('/shop/MEN/ redirects to /shop/men', async ({ page }) => {
    const response = await page.request.get('/shop/MEN/?q=red', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/shop/men?q=red');
    await page.goto('/shop/MEN/');
    await expect(page).toHaveURL((url) => url.pathname === '/shop/men');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Men' })).toBeVisible();
  });

  test('an invalid t is ignored', async ({ page }) => {
    await page.goto('/shop/men');
    const all = await productTotal(page);
    await page.goto('/shop/men?t=%5Bdivision%3AMen');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Men' })).toBeVisible();
    expect(await productTotal(page)).toBe(all);
    await expect(page.getByRole('list', { name: 'Selected filters' })).toHaveCount(0);
  });

  test('an unknown shop path is not found', async ({ page }) => {
    const response = await page.goto('/shop/men/no-such-thing');
    expect(response?.status()).toBe(404);
  });

  test('filters open in a drawer on phones, and quick add shows without hover @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shop/men');
    const firstTile = mainGrid(page).getByRole('article').first();
    await firstTile.scrollIntoViewIfNeeded();
    await expect(firstTile.getByRole('group', { name: /^Quick add / })).toBeVisible();
    const all = await productTotal(page);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page).toHaveURL(/#filters$/);
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('checkbox', { name: /^Socks \d+$/ }).check();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('t') === '["category:Socks"]' && url.hash === '#filters',
    );
    const show = drawer.getByRole('button', { name: /^Show \d+ Products?$/ });
    await expect.poll(async () => Number((await show.textContent())?.split(' ')[1])).toBeLessThan(all);
    await show.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  });

  for (const [way, closeDrawer] of [
    [
      'its Show products button',
      (drawer: Locator) => drawer.getByRole('button', { name: /^Show \d+ Products?$/ }).click(),
    ],
    ['its close button', (drawer: Locator) => drawer.getByRole('button', { name: 'Close' }).click()],
    ['Escape', (drawer: Locator) => drawer.press('Escape')],
  ] as const) {
    test(`a filter ticked in the drawer stays selected when ${way} closes it @phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/shop/women');
      const all = await productTotal(page);
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await expect(page).toHaveURL(/#filters$/);
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.getByRole('checkbox', { name: /^Boxer Briefs \d+$/ }).check();
      await expect(page).toHaveURL((url) => url.searchParams.get('t') === '["category:Underwear > Boxer Briefs"]');
      await closeDrawer(drawer);
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get('t') === '["category:Underwear > Boxer Briefs"]' && url.hash === '',
      );
      await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
      await expect.poll(() => productTotal(page)).toBeLessThan(all);
      for (const name of await mainGrid(page)
        .getByRole('article')
        .getByRole('heading', { level: 3 })
        .allTextContents()) {
        expect(name).toMatch(/Boxer Brief/);
      }
    });
  }

  test('on a phone the tiles near the screen get their swipe pictures, and the others as the shopper scrolls to them @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shop/women');
    const tiles = page.getByRole('main').getByRole('article');
    // A tile's pictures are in its picture link, which is hidden from assistive technology (the name's link is the one read).
    const pictures = (index: number) => tiles.nth(index).locator('a[aria-hidden="true"] img');
    await expect.poll(() => pictures(0).count()).toBeGreaterThan(1);
    const far = 40;
    await expect(pictures(far)).toHaveCount(1);
    await tiles.nth(far).scrollIntoViewIfNeeded();
    const around = [far - 2, far - 1, far, far + 1];
    await expect
      .poll(async () => Math.max(...(await Promise.all(around.map((index) => pictures(index).count())))))
      .toBeGreaterThan(1);
  });

  test('on a phone the tiles that come near the screen together get their pictures one at a time, each in a task of its own @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Each batch of the browser's mutation records (one per task) as the tiles its added pictures went to.
    await page.addInitScript((event) => {
      const batches: number[][] = [];
      Object.assign(window, { pictureBatches: batches });
      addEventListener(
        event,
        () => {
          new MutationObserver((records) => {
            const tiles = new Set<Element>();
            for (const record of records) {
              for (const node of record.addedNodes) {
                if (!(node instanceof HTMLImageElement) || !node.closest('a[aria-hidden="true"]')) continue;
                const tile = node.closest('article');
                if (tile) tiles.add(tile);
              }
            }
            const all: Element[] = [...document.querySelectorAll('article')];
            if (tiles.size) batches.push([...tiles].map((tile) => all.indexOf(tile)));
          }).observe(document.body, { childList: true, subtree: true });
        },
        { once: true },
      );
    }, HYDRATED_EVENT);
    await gotoHydrated(page, '/shop/women');
    const batches = () => page.evaluate(() => (window as unknown as { pictureBatches: number[][] }).pictureBatches);
    // The first screen and the next hold some eight tiles: each got its pictures in a batch of its own.
    await expect.poll(async () => (await batches()).length).toBeGreaterThanOrEqual(6);
    expect((await batches()).filter((tiles) => tiles.length > 1)).toEqual([]);
  });

  test('a change of the router’s state leaves the tiles and the filter sidebar as they are', async ({ page }) => {
    await watchRedraws(page, ['article button', 'aside input', 'main a']);
    await gotoHydrated(page, '/shop/women');
    // The page is drawn again (its links follow the router's state); its tiles (sixty, with a button per size)
    // and its sidebar's checkboxes are not.
    const counts = await redrawsOnRouterStateChange(page);
    expect(counts['article button'] ?? 0).toBe(0);
    expect(counts['aside input'] ?? 0).toBe(0);
  });

  test('Back closes the filters drawer opened on the page @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shop/women');
    await expect(async () => {
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await expect(page).toHaveURL(/#filters$/, { timeout: 2000 });
    }).toPass();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await page.goBack();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/shop/women' && url.search === '' && url.hash === '');
  });

  test('sorts by price from the Sort by choice, keeping the selected tags and going back to page 1 @phone', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const boxerBriefs = '["category:Underwear > Boxer Briefs"]';
    await page.goto(`/shop/men?t=${encodeURIComponent(boxerBriefs)}&p=2`);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('featured');
    await expect(sort).toBeInViewport();
    await sort.selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('sort') === 'price-asc' &&
        url.searchParams.get('t') === boxerBriefs &&
        !url.searchParams.has('p'),
    );
    await expect(page.getByRole('button', { name: 'Remove Boxer Briefs' }).first()).toBeAttached();
    await expect.poll(async () => ascending(await tilePrices(page))).toBe(true);
    const names = await mainGrid(page).getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    for (const name of names) expect(name).toMatch(/Boxer Brief/);

    await sort.selectOption({ label: 'Price: High to Low' });
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price-desc');
    await expect.poll(async () => ascending((await tilePrices(page)).reverse())).toBe(true);

    await sort.selectOption({ label: 'Featured' });
    await expect(page).toHaveURL((url) => !url.searchParams.has('sort') && url.searchParams.get('t') === boxerBriefs);
    expect(errors).toEqual([]);
  });

  test('a sort chosen before the page has started its code is applied once it has', async ({ page }) => {
    // A slow network: the app's code arrives well after the shopper has chosen.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/shop/men', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price-asc', { timeout: 15_000 });
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  });

  test('a sort in the address is rendered on the server and kept in crawlers’ links; an unknown one is Featured', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto('/shop/men?sort=price-desc'))?.status()).toBe(200);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    expect(ascending((await tilePrices(page)).reverse())).toBe(true);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/shop\/men\?sort=price-desc$/);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/shop\/men\?sort=price-desc&p=2$/);

    await page.goto('/shop/men?sort=newest&p=2');
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/shop\/men\?sort=newest$/);
    await expect(page.getByRole('link', { name: 'Previous Products' })).toHaveAttribute(
      'href',
      '/shop/men?sort=newest',
    );

    expect((await page.goto('/shop/men?sort=cheapest'))?.status()).toBe(200);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/shop\/men$/);
    await context.close();
  });
});
