import { expect, test, type Locator } from '@playwright/test';
import { staleLine, withBag } from './bag-fixtures.ts';
import { demoProducts, pick } from './demo-products.ts';

/** The badge lines the demo store gives its products. */
const BADGE_TEXT = /^(New|Best Seller|Limited|Sale|Online Exclusive|Back in Stock|Almost Gone|Staff Pick)$/;

/** The smallest contrast of the elements' text against the background they lie on, as WCAG measures it. */
async function lowestContrast(elements: Locator): Promise<number> {
  const ratios = await elements.evaluateAll((nodes) => {
    // A canvas turns any CSS colour (rgb, oklch, light-dark) into sRGB bytes.
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    /** The colour's luminance, painted at opacity over the background (a faded element's text is that much paler). */
    const luminance = (color: string, opacity = 1, over = '#ffffff') => {
      context.clearRect(0, 0, 1, 1);
      context.globalAlpha = 1;
      context.fillStyle = over;
      context.fillRect(0, 0, 1, 1);
      context.globalAlpha = opacity;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = [...context.getImageData(0, 0, 1, 1).data].map((byte) => {
        const channel = byte / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const opacityOf = (node: Element) => {
      let opacity = 1;
      for (let element: Element | null = node; element; element = element.parentElement)
        opacity *= Number(getComputedStyle(element).opacity);
      return opacity;
    };
    /** The first background behind the node that is not transparent. */
    const backgroundOf = (node: Element | null): string => {
      for (let element = node; element; element = element.parentElement) {
        const color = getComputedStyle(element).backgroundColor;
        if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
      }
      return '#ffffff';
    };
    return nodes.map((node) => {
      const background = backgroundOf(node);
      const behind = luminance(background);
      const text = luminance(getComputedStyle(node).color, opacityOf(node), background);
      return (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
    });
  });
  expect(ratios.length).toBeGreaterThan(0);
  return Math.min(...ratios);
}

test.describe('accessibility of the home, shop and product pages', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a tile's badge line reads at 4.5:1 in the ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/shop/women');
      const badges = page.getByRole('main').getByRole('article').getByRole('paragraph').filter({ hasText: BADGE_TEXT });
      await expect(badges.first()).toBeVisible();
      expect(await lowestContrast(badges)).toBeGreaterThanOrEqual(4.5);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the bag's totals read at 4.5:1 while the server prices the bag, in the ${colorScheme} theme`, async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ colorScheme });
      const product = pick(
        await demoProducts(request),
        (candidate) => candidate.skus.some((sku) => sku.qty > 0),
        'product in stock',
      );
      const sku = product.skus.find((candidate) => candidate.qty > 0);
      if (!sku) throw new Error('no sku in stock');
      // The bag stays unpriced: the server's answer never comes.
      await page.route('**/session-api/checkout/get-cart**', () => undefined);
      await withBag(page, [staleLine(sku)], '/#bag');
      const totals = page.getByRole('dialog').getByRole('definition').or(page.getByRole('dialog').getByRole('term'));
      await expect(totals.first()).toBeVisible();
      expect(await lowestContrast(totals)).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('the home carousel dots are targets of at least 24 by 24 px', async ({ page }) => {
    await page.goto('/');
    const dots = page.getByRole('button', { name: /^Show slide \d+ of \d+$/ });
    await expect(dots.first()).toBeVisible();
    for (const dot of await dots.all()) {
      const box = await dot.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
  });

  for (const path of ['/', '/shop/women']) {
    test(`no picture in a link on ${path} repeats the link's text as its alt`, async ({ page }) => {
      await page.goto(path);
      const links = page
        .getByRole('main')
        .getByRole('link')
        .filter({ has: page.getByRole('img') });
      for (const link of await links.all()) {
        const text = (await link.innerText()).trim().toLowerCase();
        const alts = await link
          .getByRole('img')
          .evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
        for (const alt of alts)
          if (text && alt) expect(text, `a picture in the link '${text}'`).not.toContain(alt.toLowerCase());
      }
    });
  }
});
