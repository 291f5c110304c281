import { expect, test, type APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages.ts';
import { sellingPrice } from '../src/shared/product.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from './account-fixtures.ts';
import { staleLine, withBag } from './bag-fixtures.ts';
import { demoProducts, pick } from './demo-products.ts';

/** The demo's published gift card, with $62.50 on it (README). */
const DEMO_GIFT_CARD_CODE = 'ACME-TEST-CARD-2345';

/** A line of a product with a size of at least 5 in stock, priced at least minPrice dollars. */
async function stockedLine(request: APIRequestContext, minPrice = 0) {
  const product = pick(
    await demoProducts(request),
    (candidate) => sellingPrice(candidate) >= minPrice && candidate.skus.some((sku) => sku.qty >= 5),
    'product in stock',
  );
  const sku = product.skus.find((candidate) => candidate.qty >= 5);
  if (!sku) throw new Error('no sku in stock');
  return staleLine(sku);
}

test.describe('signing in', () => {
  test('the demo customer signs in from the footer, lands on the account home shown as signed in, and stays signed in when leaving a page as it refreshes the user', async ({
    page,
  }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.signIn }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: MESSAGES.createAccount })).toHaveAttribute('href', '/account-create');
    await expect(page.getByRole('link', { name: MESSAGES.forgotPassword })).toHaveAttribute('href', '/account-forgot');
    await signIn(page, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/account\/home$/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.myAccount })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('etk-user') ?? 'null'))).toMatchObject({
      username: DEMO_EMAIL,
    });
    // Chromium cuts off the answer's body as soon as a navigation to another document begins, before the page
    // is hidden: the refresh made on load fails then, which says nothing of the session.
    await page.addInitScript(() => {
      const fetchFromBrowser = window.fetch;
      window.fetch = async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (!url.includes('/session-api/refresh-user')) return fetchFromBrowser(input, init);
        const body = new ReadableStream({
          start(controller) {
            window.addEventListener('beforeunload', () => controller.error(new TypeError('Failed to fetch')));
          },
        });
        document.documentElement.dataset.testRefreshing = 'true';
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      };
    });
    await page.goto('/about');
    await expect(page.locator('html[data-test-refreshing]')).toBeAttached();
    await page.goto('/contact');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.myAccount })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('etk-user') ?? 'null'))).toMatchObject({
      username: DEMO_EMAIL,
    });
  });

  test('signing out from the account area ends the session and shows Sign In again', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/account\/home$/);
    await page.getByRole('button', { name: MESSAGES.signOut }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.signIn })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('etk-user'))).toBe('null');
    await page.goto('/account/home');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fhome$/);
  });

  test('a wrong password is said at the form, and nothing is signed in', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.signInFailed })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/account/home');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fhome$/);
  });

  test('a guest sent from an account page comes back to it once signed in', async ({ page }) => {
    await page.goto('/account/wallet');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fwallet$/);
    await signIn(page, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/account\/wallet$/);
  });

  test('a shopper who signs in from checkout comes back to checkout', async ({ page, request }) => {
    await withBag(page, [await stockedLine(request)], '/checkout');
    await page.getByRole('link', { name: MESSAGES.signInToCheckout, exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
    await signIn(page, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(MESSAGES.signedInAs(DEMO_EMAIL))).toBeVisible();
  });

  test('the signed-in demo customer pays one order with a gift card, store credit and the saved card', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    await signIn(page, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/account\/home$/);
    // A bag over what the demo gift card and the credit hold leaves the rest to the card.
    const line = await stockedLine(request, 20);
    await withBag(page, [{ ...line, qty: 5 }], '/checkout');
    await expect(page.getByText(MESSAGES.signedInAs(DEMO_EMAIL))).toBeVisible();
    await page.getByRole('textbox', { name: MESSAGES.giftCardCode }).fill(DEMO_GIFT_CARD_CODE);
    await page.getByRole('button', { name: MESSAGES.addGiftCard }).click();
    await expect(page.getByText(MESSAGES.giftCardPays(DEMO_GIFT_CARD_CODE))).toBeVisible();
    const credit = page.getByRole('checkbox', { name: /store credit/i });
    await expect(credit).toBeChecked();
    const savedCard = page.getByRole('radio', { name: /^Visa ending in 4242, expires 12\/\d\d$/ });
    await expect(savedCard).toBeChecked();
    await expect(page.getByRole('textbox', { name: MESSAGES.cardNumber, exact: true })).toHaveCount(0);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: MESSAGES.firstName, exact: true }).fill('Demo');
    await main.getByRole('textbox', { name: MESSAGES.lastName, exact: true }).fill('Customer');
    const addressLine = main.getByRole('combobox', { name: MESSAGES.address1, exact: true });
    await addressLine.fill('600 Dexter Ave');
    await addressLine.press('Escape');
    await main.getByRole('textbox', { name: MESSAGES.city, exact: true }).fill('Montgomery');
    await main.getByRole('combobox', { name: MESSAGES.state }).selectOption('AL');
    await main.getByRole('textbox', { name: MESSAGES.zipCode, exact: true }).fill('36130');
    await page.getByRole('button', { name: MESSAGES.placeOrder }).click();
    await expect(page).toHaveURL(/\/checkout-success\/[^/]+\/[^/]+$/);
    await expect(page.getByText(MESSAGES.orderConfirmationSent(DEMO_EMAIL))).toBeVisible();
    await page.waitForURL(/\/order\/[^/]+\/[^/]+$/);
    await expect(page.getByText(MESSAGES.storeCredit, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.giftCardEnding(DEMO_GIFT_CARD_CODE.slice(-4)))).toBeVisible();
    await expect(page.getByText(/Visa/).first()).toBeVisible();
    await expect(page.getByText(/4242/).first()).toBeVisible();
  });
});
