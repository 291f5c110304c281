import { expect, test } from '@playwright/test';
import { expectAllowedByPolicy } from './csp.ts';

test.describe('the home page', () => {
  test('is rendered on the server from the demo store, every inline script allowed by the policy', async ({ browser }) => {
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
