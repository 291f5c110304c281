import { expect, test } from '@playwright/test';
import sharp from 'sharp';

/** WCAG relative luminance of an sRGB colour given as 0-255 channels. */
function luminance(r: number, g: number, b: number): number {
  const linear = (channel: number) => {
    const s = channel / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

test.describe('the header’s labels', () => {
  test('name the lifestyle pages Life, as the page and the menu do', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Life', exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Life', exact: true })).toBeAttached();
    await main.getByRole('link', { name: 'Life', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Life' })).toBeVisible();
  });

  test('the phone menu lists one contact link @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The page does not carry the menu's tree: the menu fetches it with its code.
    const document = await page.request.get('/about');
    expect(await document.text()).not.toContain('nav:men:men-underwear');
    await page.goto('/about');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // The page's code starts after its first paint: a tap before it has started does nothing yet.
    await expect(async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(menu.getByRole('link', { name: /contact/i })).toHaveCount(1);
    await expect(menu.getByRole('link', { name: 'Life', exact: true })).toBeVisible();
  });
});

test('the header over the home hero keeps its white icons readable @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const header = page.locator('header[data-overlay]');
  await expect(header).toBeVisible();
  const hero = page.locator('[data-block-type="Image Fader"]').filter({ visible: true }).getByRole('img').first();
  await expect
    .poll(() =>
      hero.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
    )
    .toBe(true);
  const bar = await header.boundingBox();
  if (!bar) throw new Error('The header is not on the page');
  const controls = await header
    .getByRole('navigation', { name: 'Main' })
    .locator('button:visible, a:visible')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  expect(controls.length).toBeGreaterThanOrEqual(5);
  // What lies behind the icons and the logo: the header's ground over the hero, with the ink itself hidden.
  await header.evaluate((element) =>
    element.querySelectorAll<HTMLElement>('svg, img').forEach((ink) => (ink.style.visibility = 'hidden')),
  );
  const shot = await page.screenshot({ clip: bar, scale: 'css', animations: 'disabled' });
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  for (const control of controls) {
    let brightest = 0;
    // The middle of each control, where its icon is drawn.
    for (
      let y = Math.round(control.y - bar.y + control.height * 0.2);
      y < control.y - bar.y + control.height * 0.8;
      y++
    ) {
      for (
        let x = Math.round(control.x - bar.x + control.width * 0.2);
        x < control.x - bar.x + control.width * 0.8;
        x++
      ) {
        const i = (y * info.width + x) * info.channels;
        brightest = Math.max(brightest, luminance(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0));
      }
    }
    // White ink against the brightest ground behind it: 3:1 is the least a graphic object needs.
    expect(1.05 / (brightest + 0.05)).toBeGreaterThanOrEqual(3);
  }
});
