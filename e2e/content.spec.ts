import { expect, test, type Locator, type Page } from '@playwright/test';

/** A media path as a media library names files: 'home/category-boxer-briefs', 'content/pages/about'. */
const MEDIA_PATH = /\b(?:home|content|pages|contests|media)\/[a-z0-9-]+/i;

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('The element is not on the page');
  return found;
}

/** Waits until every picture in the main area that the browser has started to load has loaded. */
async function picturesLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator('main img[loading="eager"]')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
    )
    .toBe(true);
}

test.describe('the home page as a shopper sees it', () => {
  test('names no picture by its file: captions and alt texts say what is shown @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main')).not.toContainText(MEDIA_PATH);
    const alts = await page
      .locator('main img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(alts.length).toBeGreaterThan(10);
    for (const alt of alts) {
      expect(alt).not.toBeNull();
      expect(alt ?? '').not.toMatch(MEDIA_PATH);
    }
    await expect(page.getByRole('img', { name: 'A beach at sunset between two palm trees' }).first()).toBeAttached();
    const categories = page.locator('[data-block-type="Image Scroll Snap"]');
    await expect(
      categories.getByRole('link', { name: 'Boxer briefs in the blue Lightning Strike print' }),
    ).toBeVisible();
    await expect(categories.getByRole('heading', { name: 'Boxer Briefs' })).toBeVisible();
  });

  test('image blocks fill their width on a desktop, and the carousel keeps the page margin', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const viewport = page.viewportSize()?.width ?? 1280;

    const beach = page.getByRole('img', { name: 'A beach at sunset between two palm trees' }).filter({ visible: true });
    await beach.scrollIntoViewIfNeeded();
    expect((await box(beach)).width).toBeGreaterThan(viewport - 20);

    const men = await box(page.getByRole('link', { name: 'Long-leg boxer briefs and a hoodie in Midnight Camo' }));
    const women = await box(page.getByRole('link', { name: 'A bralette and briefs in the pink Cherry Blossom print' }));
    expect(men.width).toBeGreaterThan(viewport * 0.4);
    expect(women.width).toBeGreaterThan(viewport * 0.4);
    expect(Math.abs(men.y - women.y)).toBeLessThan(1);

    const heading = page.getByRole('heading', { name: 'Shop by category' });
    await heading.scrollIntoViewIfNeeded();
    const firstSlide = page.getByRole('link', { name: 'Boxer briefs in the blue Lightning Strike print' });
    const margin = (await box(heading)).x;
    expect(margin).toBeGreaterThan(8);
    await expect.poll(async () => Math.round((await box(firstSlide)).x)).toBe(Math.round(margin));
  });

  test('the hero caption sits below the garments, in the picture’s bottom quarter', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await picturesLoaded(page);
    const hero = page.locator('[data-block-type="Image Fader"]').filter({ visible: true });
    const picture = await box(hero.getByRole('img').first());
    const shopNow = await box(hero.getByRole('link', { name: 'Shop Now' }).first());
    const eyebrow = await box(hero.getByText('New drop').first());
    expect(eyebrow.y).toBeGreaterThanOrEqual(picture.y + picture.height * 0.75);
    expect(shopNow.y + shopNow.height).toBeLessThanOrEqual(picture.y + picture.height);
  });

  test('the shop-the-look pins are links to the products, laid over the picture @phone', async ({ page }) => {
    await page.goto('/');
    const pins = page.getByRole('list', { name: 'Shop the look' }).filter({ visible: true });
    await pins.scrollIntoViewIfNeeded();
    const links = pins.getByRole('link');
    await expect(links).toHaveCount(3);
    const picture = await box(
      page.getByRole('img', { name: 'A beach at sunset between two palm trees' }).filter({ visible: true }),
    );
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', /^\/s\/\d+\//);
      await expect(link).toHaveAccessibleName(/\S/);
      const pin = await box(link);
      expect(pin.x).toBeGreaterThanOrEqual(picture.x);
      expect(pin.y).toBeGreaterThanOrEqual(picture.y);
      expect(pin.x + pin.width).toBeLessThanOrEqual(picture.x + picture.width + 1);
      expect(pin.y + pin.height).toBeLessThanOrEqual(picture.y + picture.height + 1);
    }
    const first = links.first();
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/s\/\d+\//);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});

test.describe('content pages', () => {
  for (const path of ['/about', '/contact', '/privacy']) {
    test(`${path} has one top-level heading, lined up with its text @phone`, async ({ page }) => {
      await page.goto(path);
      const headings = page.getByRole('heading', { level: 1 });
      await expect(headings).toHaveCount(1);
      const text = page.locator('main .prose-content p').first();
      await expect.poll(async () => Math.round((await box(headings)).x)).toBe(Math.round((await box(text)).x));
    });
  }

  test('the About and contest pictures fill the page width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ['/about', '/contest/ultimate']) {
      await page.goto(path);
      const picture = page.getByRole('main').getByRole('img').first();
      await expect(picture).toBeVisible();
      expect((await box(picture)).width, path).toBeGreaterThan(1260);
    }
  });
});
