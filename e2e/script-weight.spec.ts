import { expect, test, type Page } from '@playwright/test';
import { SCRIPT_BUDGET_KB, type BudgetedPage } from '../bench/budgets.ts';
import { emptyCart } from '../src/shared/cart.ts';
import { staleLine } from './bag-fixtures.ts';
import { demoProducts, pick } from './demo-products.ts';

/**
 * The compressed bytes of every script the page fetched, as they came over the wire: each file once, at its
 * size when it came from the server (a second load of a file from the browser's cache reports no size).
 */
async function scriptBytes(page: Page, open: () => Promise<unknown>): Promise<number> {
  const sizes: Array<Promise<[string, number]>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      sizes.push(request.sizes().then((size) => [request.url(), size.responseBodySize]));
  });
  await open();
  await page.waitForLoadState('networkidle');
  const byUrl = new Map<string, number>();
  for (const [url, size] of await Promise.all(sizes)) byUrl.set(url, Math.max(byUrl.get(url) ?? 0, size));
  return [...byUrl.values()].reduce((total, size) => total + size, 0);
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

test.describe('the script each page loads', () => {
  const pages: Record<BudgetedPage, (page: Page) => Promise<unknown>> = {
    home: (page) => page.goto('/'),
    shop: (page) => page.goto('/shop/women'),
    product: async (page) => {
      const product = pick(await demoProducts(page.request), () => true, 'product');
      return page.goto(product.url);
    },
    checkout: async (page) => {
      const product = pick(
        await demoProducts(page.request),
        (candidate) => candidate.skus.some((sku) => sku.qty > 0),
        'product in stock',
      );
      const sku = product.skus.find((candidate) => candidate.qty > 0);
      if (!sku) throw new Error('no sku in stock');
      // The bag is in storage before the page's first script runs, so checkout is the only page loaded.
      await page.addInitScript((cart) => window.localStorage.setItem('acme-cart', JSON.stringify(cart)), {
        ...emptyCart(),
        items: [staleLine(sku)],
      });
      return page.goto('/checkout');
    },
    'news post': async (page) => {
      const answer = (await (await page.request.get('/api/posts?kind=news&offset=0&limit=1')).json()) as {
        data: { posts: Array<{ slug: string }> };
      };
      return page.goto(`/news/${answer.data.posts[0]?.slug ?? ''}`);
    },
  };

  for (const [name, open] of Object.entries(pages) as Array<[BudgetedPage, (page: Page) => Promise<unknown>]>) {
    test(`${name}: at most ${SCRIPT_BUDGET_KB[name]} kB compressed`, async ({ page }) => {
      const bytes = await scriptBytes(page, () => open(page));
      // The figure goes to the run's output, so CI shows how close each page is to its budget.
      console.log(`${name}: ${kB(bytes)} kB of compressed script (budget ${SCRIPT_BUDGET_KB[name]} kB)`);
      expect(kB(bytes)).toBeLessThanOrEqual(SCRIPT_BUDGET_KB[name]);
    });
  }
});
