import { expect, test } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages.ts';
import { staleLine, withBag } from './bag-fixtures.ts';
import { demoProducts, pick } from './demo-products.ts';
import { gotoHydrated } from './hydration.ts';

test.describe('what a shopper notices around the pages', () => {
  test('the home page’s title says the tagline once', async ({ page }) => {
    await page.goto('/');
    const title = await page.title();
    const parts = title.split(' | ');
    expect(parts.length).toBeGreaterThan(1);
    expect(new Set(parts.map((part) => part.toLowerCase())).size).toBe(parts.length);
  });

  test('the country selector lists only the stores configured, and this one @phone', async ({ page }) => {
    // The journeys' shop sets STORE_URL_NZ only (playwright.config.ts).
    await gotoHydrated(page, '/about');
    await page.getByRole('button', { name: new RegExp(MESSAGES.location) }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.selectLocation });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: /United States/ })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /New Zealand/ })).toHaveAttribute('href', 'https://nz.shop.example');
    await expect(dialog.getByText('Australia')).toHaveCount(0);
  });

  test('a browser in Australian English is offered no store that is not there; one in New Zealand English is', async ({
    browser,
  }) => {
    for (const [locale, offered] of [
      ['en-AU', false],
      ['en-NZ', true],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await gotoHydrated(page, '/about');
      const shopLink = page.getByRole('link', {
        name: MESSAGES.shopStore(locale === 'en-AU' ? 'Australia' : 'New Zealand'),
      });
      if (offered) await expect(shopLink).toHaveAttribute('href', 'https://nz.shop.example');
      else {
        // The prompt would be up by the time the selector opens: both answer to the app having started.
        await page.getByRole('button', { name: new RegExp(MESSAGES.location) }).click();
        await expect(page.getByRole('dialog', { name: MESSAGES.selectLocation })).toHaveCount(1);
        await expect(shopLink).toHaveCount(0);
      }
      await context.close();
    }
  });

  test('the address suggestions say they come from a sample, also when the address typed is not in it @phone', async ({
    page,
    request,
  }) => {
    const product = pick(
      await demoProducts(request),
      (candidate) => candidate.skus.some((sku) => sku.qty >= 5),
      'product in stock',
    );
    const sku = product.skus.find((candidate) => candidate.qty >= 5);
    if (!sku) throw new Error('no sku in stock');
    await withBag(page, [staleLine(sku)], '/checkout');
    const addressLine = page.getByRole('combobox', { name: MESSAGES.address1, exact: true });
    await addressLine.fill('200 N Spring');
    await expect(page.getByRole('listbox', { name: MESSAGES.addressSuggestions })).toHaveAccessibleDescription(
      MESSAGES.addressSuggestionsSample,
    );
    await addressLine.fill('123 Main');
    await expect(page.getByText(MESSAGES.addressSuggestionsSample)).toBeVisible();
    await expect(page.getByRole('listbox', { name: MESSAGES.addressSuggestions }).getByRole('option')).toHaveCount(0);
  });
});
