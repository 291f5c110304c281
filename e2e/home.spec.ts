import { expect, test, type Locator } from '@playwright/test';
import { expectAllowedByPolicy } from './csp.ts';
import { isDrawn } from './drawing.ts';
import { gotoHydrated } from './hydration.ts';
import { redrawsOnRouterStateChange, watchRedraws } from './redraws.ts';

test.describe('the home page', () => {
  test('is rendered on the server from the demo store, every inline script allowed by the policy', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The second visit comes from the cache of rendered pages, whose policy lists the scripts' hashes.
    const policies = new Set<string>();
    for (let visit = 0; visit < 2; visit++) {
      const response = await page.goto('/', { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);
      expect(response?.headers()['acme-version']).toBe('4.8.4');
      const policy = response?.headers()['content-security-policy'] ?? '';
      policies.add(policy);
      await expectAllowedByPolicy(page.locator('script:not([src])'), policy);
    }
    expect([...policies].some((policy) => policy.includes("'sha256-"))).toBe(true);

    await expect(page).toHaveTitle(/ACME/);
    await expect(page.getByRole('link', { name: 'Men', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
    const productLinks = page.locator('main a[href^="/s/"]');
    expect(await productLinks.count()).toBeGreaterThan(4);
    await context.close();
  });

  test('hydrates without errors and serves product images from the image host', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    const image = page.locator('main img[src^="/images/"]').first();
    await expect(image).toBeVisible();
    const src = await image.getAttribute('src');
    const imageResponse = await page.request.get(src ?? '', { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(imageResponse.status()).toBe(200);
    expect(imageResponse.headers()['content-type']).toBe('image/webp');
    expect(imageResponse.headers()['cache-control']).toContain('immutable');
    expect(errors).toEqual([]);
  });

  test('its product blocks fetch their pictures after the hero’s and skip drawing their far tiles until scrolled to; after a move inside the shop they are laid out whole', async ({
    page,
  }) => {
    const drawn = (tile: Locator) => isDrawn(tile.getByRole('heading'));
    await gotoHydrated(page, '/');
    const tiles = page.getByRole('main').getByRole('article');
    const far = tiles.last();
    // Below the hero, the tiles' pictures wait for it even where they come into the screen.
    await expect(tiles.first().locator('img').first()).toHaveAttribute('fetchpriority', 'low');
    expect(await drawn(tiles.first())).toBe(true);
    expect(await drawn(far)).toBe(false);
    await far.scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(far)).toBe(true);

    await gotoHydrated(page, '/about');
    await page.getByRole('banner').getByRole('link', { name: 'ACME home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(tiles.last()).toBeAttached();
    expect(await drawn(tiles.last())).toBe(true);
  });

  test('the hero’s later slides fetch their pictures once the page has started, the next ahead of its turn', async ({
    browser,
    page,
  }) => {
    // In the document, each hero has its first slide's picture only: the later slides lie in the screen under it,
    // and the browser fetched their pictures at high priority beside the page's largest paint.
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const documentOnly = await withoutScripts.newPage();
    await documentOnly.goto('/');
    const documentHeroes = documentOnly.locator('[data-block-type="Image Fader"]');
    expect(await documentHeroes.count()).toBeGreaterThan(0);
    for (const hero of await documentHeroes.all())
      await expect(hero.getByRole('img', { includeHidden: true })).toHaveCount(1);
    await withoutScripts.close();

    await gotoHydrated(page, '/');
    const hero = page.locator('[data-block-type="Image Fader"]').filter({ visible: true });
    const pictures = hero.getByRole('img', { includeHidden: true });
    await expect(pictures).toHaveCount(2);
    const dots = hero.getByRole('button', { name: /^Show slide \d+ of \d+$/ });
    const slides = await dots.count();
    await dots.last().click();
    await expect(pictures).toHaveCount(slides);
    await expect(hero.getByRole('img')).toHaveCount(1);
    await expect
      .poll(() => hero.getByRole('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  });

  test('brings its content as one JSON string rather than in React Router’s rows of references (decision 003)', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    // The loader data: a turbo-stream, whose first line is a flat array of values, as a script's string literal.
    const script = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/.exec(html)?.[1];
    expect(script).toBeDefined();
    const rows = JSON.parse((JSON.parse(script ?? '""') as string).split('\n')[0] ?? '[]') as unknown[];
    const packed = rows.flatMap((row) =>
      typeof row === 'string' && row.startsWith('{"') ? [JSON.parse(row) as { blocks?: unknown[] }] : [],
    );
    expect(packed.some((value) => Array.isArray(value.blocks) && value.blocks.length > 0)).toBe(true);
  });

  test('a change of the router’s state leaves its content blocks as they are', async ({ page }) => {
    await watchRedraws(page, ['main img', 'main a']);
    await gotoHydrated(page, '/');
    // The page is drawn again (its links follow the router's state), its blocks' pictures are not.
    const counts = await redrawsOnRouterStateChange(page);
    expect(counts['main img'] ?? 0).toBe(0);
  });

  test('serves the built assets with immutable caching', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    expect(asset).not.toBe('');
    const response = await page.request.get(asset);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

test('an unknown path is the not-found page with a 404 status', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/^Page Not Found \| /);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('meta[name="prerender-status-code"]')).toHaveAttribute('content', '404');
  await page.getByRole('link', { name: 'RETURN TO SHOP' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});
