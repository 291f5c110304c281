import { expect, test } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages.ts';
import { FAILED_ADDRESS_CHANGE_PATH, FAILED_CANCELLATION_PATH } from '../src/shared/order.ts';
import type { ProductDocument } from '../src/shared/product.ts';
import type { WebsiteConfig } from '../src/shared/website-config.ts';
import { demoProducts, pick } from './demo-products.ts';

let products: ProductDocument[] = [];
test.beforeAll(async ({ request }) => {
  products = await demoProducts(request);
});

test.describe('the order failure pages', () => {
  for (const [path, heading, reason] of [
    [FAILED_CANCELLATION_PATH, MESSAGES.failedCancellationHeading, MESSAGES.failedCancellationText],
    [FAILED_ADDRESS_CHANGE_PATH, MESSAGES.failedAddressChangeHeading, MESSAGES.failedAddressChangeText],
  ] as const) {
    test(`${path} says why and how to reach support, before the app has started @phone`, async ({ browser, request }) => {
      const config = ((await (await request.get('/api/website-config')).json()) as { data: WebsiteConfig }).data;
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(reason)).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: config.support_email })).toHaveAttribute('href', `mailto:${config.support_email}`);
      await expect(main.getByRole('link', { name: config.support_display_phone })).toHaveAttribute('href', `tel:${config.support_phone}`);
      await expect(main.getByRole('link', { name: MESSAGES.findAnotherOrder })).toHaveAttribute('href', '/order');
      await expect(main.getByRole('link', { name: MESSAGES.continueShopping })).toHaveAttribute('href', '/shop');
      await context.close();
    });
  }
});

test.describe('the order lookup', () => {
  test('checks the number and the e-mail with the shared messages', async ({ page }) => {
    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.orderLookupHeading })).toBeVisible();
    const main = page.getByRole('main');
    await main.getByLabel(MESSAGES.emailAddress).fill('shopper');
    await main.getByRole('button', { name: MESSAGES.findOrder }).click();
    await expect(main.getByLabel(MESSAGES.orderNumber)).toHaveAccessibleDescription(MESSAGES.valueRequired);
    await expect(main.getByLabel(MESSAGES.emailAddress)).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    await expect(main.getByLabel(MESSAGES.orderNumber)).toBeFocused();
  });
});

test.describe('the product page', () => {
  test('says a final-sale product cannot be returned, and says nothing on the others', async ({ page }) => {
    const finalSale = pick(products, (product) => product.final_sale, 'final-sale product');
    await page.goto(finalSale.url);
    await expect(page.getByRole('heading', { level: 1, name: finalSale.name })).toBeVisible();
    await expect(page.getByText(MESSAGES.finalSaleProduct)).toBeVisible();

    const returnable = pick(products, (product) => !product.final_sale, 'returnable product');
    await page.goto(returnable.url);
    await expect(page.getByRole('heading', { level: 1, name: returnable.name })).toBeVisible();
    await expect(page.getByText(MESSAGES.finalSaleProduct)).toHaveCount(0);
  });
});
