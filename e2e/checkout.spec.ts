import { expect, test, type Page } from '@playwright/test';
import type { CartItem } from '../src/shared/cart.ts';
import { MESSAGES } from '../src/shared/messages.ts';
import type { ProductDocument } from '../src/shared/product.ts';
import { staleLine, withBag } from './bag-fixtures.ts';
import { demoProducts, pick } from './demo-products.ts';

let products: ProductDocument[] = [];
test.beforeAll(async ({ request }) => {
  products = await demoProducts(request);
});

/** A line of a product with a size of at least 5 in stock. */
function stockedLine(): CartItem {
  const product = pick(products, (candidate) => candidate.skus.some((sku) => sku.qty >= 5), 'product in stock');
  const sku = product.skus.find((candidate) => candidate.qty >= 5);
  if (!sku) throw new Error('no sku in stock');
  return staleLine(sku);
}

const placeOrder = (page: Page) => page.getByRole('button', { name: MESSAGES.placeOrder });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const addressLine = (page: Page) => page.getByRole('combobox', { name: MESSAGES.address1, exact: true });

/** Opens checkout with a bag of one line, priced by the server. */
async function openCheckout(page: Page) {
  await withBag(page, [stockedLine()], '/checkout');
  await expect(page.getByRole('heading', { name: MESSAGES.orderSummary })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
}

/** A guest's e-mail and a shipping address the server's ZIP data agrees with. */
async function fillGuestAndAddress(page: Page) {
  await field(page, MESSAGES.emailAddress).fill('guest@example.com');
  await field(page, MESSAGES.firstName).fill('Ada');
  await field(page, MESSAGES.lastName).fill('Lovelace');
  await addressLine(page).fill('600 Dexter Ave');
  await addressLine(page).press('Escape');
  await field(page, MESSAGES.city).fill('Montgomery');
  await page.getByRole('combobox', { name: MESSAGES.state }).selectOption('AL');
  await field(page, MESSAGES.zipCode).fill('36130');
}

async function fillCard(page: Page, number: string) {
  await field(page, MESSAGES.cardNumber).fill(number);
  await field(page, MESSAGES.cardExpiry).fill('12/30');
  await field(page, MESSAGES.cardCvc).fill('123');
}

const storedItems = (page: Page) => page.evaluate(() => (JSON.parse(window.localStorage.getItem('acme-cart') ?? '{}') as { items?: unknown[] }).items?.length ?? 0);

test.describe('checkout', () => {
  test('before the app starts, the server has drawn the guest\'s contact section with its sign-in link', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 2, name: MESSAGES.contactInformation })).toBeVisible();
    await expect(page.getByText(MESSAGES.guestCheckout)).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.signInToCheckout, exact: true })).toHaveAttribute('href', '/login?redirectTo=%2Fcheckout');
    await context.close();
  });

  test('a guest pays with the test card and lands on the success page with the bag emptied @phone', async ({ page }) => {
    await openCheckout(page);
    await fillGuestAndAddress(page);
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(MESSAGES.cardReady('Visa', '4242'))).toBeVisible();
    await placeOrder(page).click();
    await expect(page).toHaveURL(/\/checkout-success\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { name: MESSAGES.orderThanks })).toBeVisible();
    await expect(page.getByText(MESSAGES.orderConfirmationSent('guest@example.com'))).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.seeOrderNow })).toHaveAttribute('href', /^\/order\/[^/]+\/[^/]+$/);
    await expect.poll(() => storedItems(page)).toBe(0);
    const purchases = () => page.evaluate(() => (window.dataLayer ?? []).filter((entry) => 'event' in entry && entry.event === 'purchase').length);
    await expect.poll(purchases).toBe(1);
    // Then the window goes to the order's page.
    await page.waitForURL(/\/order\/[^/]+\/[^/]+$/);
  });

  test('a declined card says so at the card number and places no order; another card then does', async ({ page }) => {
    await openCheckout(page);
    await fillGuestAndAddress(page);
    await fillCard(page, '4000 0000 0000 0002');
    await placeOrder(page).click();
    await expect(field(page, MESSAGES.cardNumber)).toHaveAccessibleDescription(MESSAGES.cardDeclined);
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedItems(page)).toBe(1);
    // The same attempt, with its idempotency key, goes on with a card that pays.
    await field(page, MESSAGES.cardNumber).fill('4242 4242 4242 4242');
    await expect(page.getByText(MESSAGES.cardReady('Visa', '4242'))).toBeVisible();
    await placeOrder(page).click();
    await expect(page.getByRole('heading', { name: MESSAGES.orderThanks })).toBeVisible();
  });

  test('a field the server refuses shows its message at that field', async ({ page }) => {
    await openCheckout(page);
    await fillGuestAndAddress(page);
    await field(page, MESSAGES.zipCode).fill('90012');
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(MESSAGES.cardReady('Visa', '4242'))).toBeVisible();
    await placeOrder(page).click();
    await expect(field(page, MESSAGES.zipCode)).toHaveAccessibleDescription(MESSAGES.zipCodeNotInState('90012', 'Alabama'));
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('changing the shipping address clears the card with the spec’s message', async ({ page }) => {
    await openCheckout(page);
    await fillGuestAndAddress(page);
    await fillCard(page, '4242424242424242');
    await expect(page.getByText(MESSAGES.cardReady('Visa', '4242'))).toBeVisible();
    await field(page, MESSAGES.city).fill('Montgomery City');
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.paymentClearedOnAddressChange })).toBeVisible();
    await expect(field(page, MESSAGES.cardNumber)).toHaveValue('');
  });

  test('the warning after a refused submit leaves the field to correct uncovered @phone', async ({ page }) => {
    await openCheckout(page);
    await fillGuestAndAddress(page);
    // Sent from the e-mail field at the top, the form brings the card from below to the screen's bottom edge.
    await field(page, MESSAGES.emailAddress).press('Enter');
    const warning = page.getByRole('alert').filter({ hasText: MESSAGES.correctTheErrors });
    await expect(warning).toBeVisible();
    const cardNumber = field(page, MESSAGES.cardNumber);
    await expect(cardNumber).toBeFocused();
    await expect.poll(async () => boxesOverlap(await warning.boundingBox(), await cardNumber.boundingBox())).toBe(false);
    // The next field the shopper taps sits at the bottom edge of the screen: the warning moves out of its way.
    const securityCode = field(page, MESSAGES.cardCvc);
    await securityCode.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await securityCode.focus();
    await expect.poll(async () => boxesOverlap(await warning.boundingBox(), await securityCode.boundingBox())).toBe(false);
  });
});

type Box = { x: number; y: number; width: number; height: number } | null;
const boxesOverlap = (a: Box, b: Box) =>
  a !== null && b !== null && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the address form', () => {
  test('an empty submit shows the spec’s messages at the fields', async ({ page }) => {
    await openCheckout(page);
    await placeOrder(page).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.correctTheErrors })).toBeVisible();
    await expect(field(page, MESSAGES.emailAddress)).toHaveAccessibleDescription(MESSAGES.valueRequired);
    await expect(field(page, MESSAGES.emailAddress)).toBeFocused();
    await expect(field(page, MESSAGES.firstName)).toHaveAccessibleDescription(MESSAGES.firstNameRequired);
    await expect(field(page, MESSAGES.lastName)).toHaveAccessibleDescription(MESSAGES.lastNameRequired);
    await expect(addressLine(page)).toHaveAccessibleDescription(MESSAGES.addressRequired);
    await expect(field(page, MESSAGES.city)).toHaveAccessibleDescription(MESSAGES.cityRequired);
    await expect(page.getByRole('combobox', { name: MESSAGES.state })).toHaveAccessibleDescription(MESSAGES.stateRequired);
    await expect(field(page, MESSAGES.zipCode)).toHaveAccessibleDescription(MESSAGES.zipCodeRequired);
    // Typing a value clears its message without another submit, and without another warning.
    await field(page, MESSAGES.firstName).fill('Ada');
    await expect(field(page, MESSAGES.firstName)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.correctTheErrors })).toHaveCount(1);
  });

  test('the region and postcode follow the country: state, province or free text', async ({ page }) => {
    await openCheckout(page);
    const country = page.getByRole('combobox', { name: MESSAGES.country });
    await expect(page.getByRole('combobox', { name: MESSAGES.state })).toContainText(MESSAGES.selectState);
    await expect(field(page, MESSAGES.zipCode)).toBeVisible();
    await country.selectOption('CA');
    await expect(page.getByRole('combobox', { name: MESSAGES.province })).toContainText(MESSAGES.selectProvince);
    await expect(field(page, MESSAGES.postalCode)).toBeVisible();
    await country.selectOption('GB');
    await expect(field(page, MESSAGES.region)).toBeVisible();
    await expect(field(page, MESSAGES.postalCode)).toBeVisible();
    await expect(country.getByRole('option', { name: MESSAGES.selectCountry })).toHaveCount(1);
    // What was typed survives a reload; the US address line offers no suggestions elsewhere.
    await field(page, MESSAGES.region).fill('Kent');
    await page.reload();
    await expect(field(page, MESSAGES.region)).toHaveValue('Kent');
    await expect(field(page, MESSAGES.address1)).toBeVisible();
  });

  test('US suggestions drill into a building and fill the address from one unit', async ({ page }) => {
    await openCheckout(page);
    await addressLine(page).pressSequentially('200 N Spr');
    const suggestions = page.getByRole('listbox', { name: MESSAGES.addressSuggestions });
    await expect(suggestions.getByRole('option', { name: /200 N Spring St Rm \(3 addresses\)/ })).toBeVisible();
    await addressLine(page).press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await addressLine(page).press('Enter');
    await suggestions.getByRole('option', { name: /Rm 360/ }).click();
    await expect(suggestions).toBeHidden();
    await expect(addressLine(page)).toHaveValue('200 N Spring St');
    await expect(field(page, MESSAGES.address2)).toHaveValue('Rm 360');
    await expect(field(page, MESSAGES.city)).toHaveValue('Los Angeles');
    await expect(page.getByRole('combobox', { name: MESSAGES.state })).toHaveValue('CA');
    await expect(field(page, MESSAGES.zipCode)).toHaveValue('90012');
    const validated = () => page.evaluate(() => (JSON.parse(window.localStorage.getItem('acme-cart') ?? '{}') as { shipping_address?: { is_validated?: boolean } }).shipping_address?.is_validated);
    await expect.poll(validated).toBe(true);
    await field(page, MESSAGES.zipCode).fill('90013');
    await expect.poll(validated).toBe(false);
    await addressLine(page).pressSequentially(' x');
    await addressLine(page).press('Escape');
    await expect(suggestions).toBeHidden();
  });
});
