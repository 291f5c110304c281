import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cardTokenEndpoint } from '../src/shared/api/card-token.ts';
import { giftCardPurchaseEndpoint } from '../src/shared/api/gift-cards.ts';
import type { CartItem } from '../src/shared/cart.ts';
import type { GiftCardPurchaseRequest } from '../src/shared/gift-card.ts';
import { MESSAGES } from '../src/shared/messages.ts';
import type { CardToken, CardTokenRequest } from '../src/shared/order.ts';
import { savedCardLabel } from '../src/shared/payment-card.ts';
import { displaySize, type ProductDocument } from '../src/shared/product.ts';
import { DEMO_EMAIL, signInAsDemo } from './account-fixtures.ts';
import { staleLine, withBag } from './bag-fixtures.ts';
import { demoProducts, pick } from './demo-products.ts';
import { giftCardCodeMailedTo } from './outbox.ts';
import { gotoHydrated } from './hydration.ts';
import { stopTheClock } from './page-clock.ts';

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

const storedItems = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('acme-cart') ?? '{}') as { items?: unknown[] }).items?.length ?? 0,
  );

/** Unticks the store credit when the signed-in customer has some left (the payment choices are drawn by then). */
async function spendNoStoreCredit(page: Page) {
  const credit = page.getByRole('checkbox', { name: /^Use my store credit/ });
  if ((await credit.count()) > 0) await credit.uncheck();
}

/** A $50 gift card bought through the API as a guest would, and its code from the e-mail the shop kept. */
async function boughtGiftCard(request: APIRequestContext): Promise<string> {
  const card: CardTokenRequest = {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  };
  const token = (await (await request.post(cardTokenEndpoint.path, { data: card })).json()) as { data: CardToken };
  const recipient = `checkout-card-${Date.now()}@example.com`;
  const purchase: GiftCardPurchaseRequest = {
    idempotency_key: `checkout-journey-${Date.now()}`,
    amount: 50,
    recipient_name: 'Checkout',
    recipient_email: recipient,
    message: '',
    deliver_on: '',
    promo_recipient_name: '',
    promo_recipient_email: '',
    promo_message: '',
    buyer_email: recipient,
    payment: { token: token.data.token },
  };
  expect((await request.post(giftCardPurchaseEndpoint.path, { data: purchase })).status()).toBe(200);
  return giftCardCodeMailedTo(recipient);
}

test.describe('checkout', () => {
  test("before the app starts, the server has drawn the guest's contact section with its sign-in link", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 2, name: MESSAGES.contactInformation })).toBeVisible();
    await expect(page.getByText(MESSAGES.guestCheckout)).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.signInToCheckout, exact: true })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fcheckout',
    );
    await context.close();
  });

  test('a guest pays with the test card and lands on the success page with the bag emptied @phone', async ({
    page,
  }) => {
    await openCheckout(page);
    await fillGuestAndAddress(page);
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(MESSAGES.cardReady('Visa', '4242'))).toBeVisible();
    await placeOrder(page).click();
    await expect(page).toHaveURL(/\/checkout-success\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { name: MESSAGES.orderThanks })).toBeVisible();
    await expect(page.getByText(MESSAGES.orderConfirmationSent('guest@example.com'))).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.seeOrderNow })).toHaveAttribute(
      'href',
      /^\/order\/[^/]+\/[^/]+$/,
    );
    await expect.poll(() => storedItems(page)).toBe(0);
    const purchases = () =>
      page.evaluate(
        () => (window.dataLayer ?? []).filter((entry) => 'event' in entry && entry.event === 'purchase').length,
      );
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

  test('a declined card’s message stays at the card, announced, until the card changes, with no tick for it @phone', async ({
    page,
  }) => {
    test.slow();
    await page.clock.install();
    await openCheckout(page);
    await fillGuestAndAddress(page);
    await fillCard(page, '4000 0000 0000 0002');
    await placeOrder(page).click();
    const cardNumber = field(page, MESSAGES.cardNumber);
    await expect(cardNumber).toHaveAccessibleDescription(MESSAGES.cardDeclined);
    await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.cardDeclined })).toBeVisible();
    // The shopper reads it for a while: a token the page made meanwhile for the same card used to clear it
    // within a second and claim the card. Every request that time started is let finish before looking again.
    await page.clock.runFor(5_000);
    await page.waitForLoadState('networkidle');
    await expect(cardNumber).toHaveAccessibleDescription(MESSAGES.cardDeclined);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.cardDeclined })).toBeVisible();
    await expect(page.getByText(MESSAGES.cardReady('Visa', '0002'))).toHaveCount(0);
    // Another card ends the message, and that card gets its tick.
    await cardNumber.fill('4242 4242 4242 4242');
    await expect(cardNumber).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.cardDeclined })).toHaveCount(0);
    await expect(page.getByText(MESSAGES.cardReady('Visa', '4242'))).toBeVisible();
  });

  test('the card number groups as the card prints it and a US phone as (555) 555-0100 as they are typed @phone', async ({
    page,
  }) => {
    test.slow();
    await openCheckout(page);
    const cardNumber = field(page, MESSAGES.cardNumber);
    await cardNumber.pressSequentially('4242424242424242');
    await expect(cardNumber).toHaveValue('4242 4242 4242 4242');
    await cardNumber.fill('');
    await cardNumber.pressSequentially('378282246310005');
    await expect(cardNumber).toHaveValue('3782 822463 10005');
    const phone = field(page, MESSAGES.phoneOptional);
    await phone.pressSequentially('3035550142');
    await expect(phone).toHaveValue('(303) 555-0142');
    // The bag keeps the digits.
    const storedPhone = () =>
      page.evaluate(
        () =>
          (JSON.parse(window.localStorage.getItem('acme-cart') ?? '{}') as { shipping_address?: { phone?: string } })
            .shipping_address?.phone,
      );
    await expect.poll(storedPhone).toBe('3035550142');
    // A deleted separator takes the digit before it with it.
    await phone.press('End');
    for (let presses = 0; presses < 5; presses += 1) await phone.press('Backspace');
    await expect(phone).toHaveValue('(303) 55');
  });

  test('the added-to-bag toast does not follow the shopper into checkout @phone', async ({ page }) => {
    const product = pick(
      products,
      (candidate) => candidate.max_cart_qty === 0 && candidate.skus.some((sku) => sku.qty >= 10),
      'product in stock',
    );
    const sku = product.skus.find((candidate) => candidate.qty >= 10);
    if (!sku) throw new Error('no sku in stock');
    test.slow();
    await page.clock.install();
    await gotoHydrated(page, product.url);
    const toast = page.getByText(MESSAGES.itemAdded);
    await expect(async () => {
      await page
        .getByRole('radio', { name: new RegExp(`^${displaySize(sku).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`) })
        .check();
      await page.getByRole('button', { name: MESSAGES.addToBag }).click();
      await expect(toast).toBeVisible({ timeout: 2000 });
    }).toPass();
    const clock = await stopTheClock(page);
    await page.getByRole('button', { name: 'Bag, 1 item' }).click();
    const checkoutLink = page.getByRole('dialog', { name: /^Your Bag/ }).getByRole('link', { name: MESSAGES.checkout });
    await clock.see(() => expect(checkoutLink).toBeVisible({ timeout: 1_000 }));
    await checkoutLink.click();
    await expect(page).toHaveURL(/\/checkout$/);
    await clock.see(() =>
      expect(page.getByRole('heading', { name: MESSAGES.orderSummary })).toBeVisible({ timeout: 1_000 }),
    );
    // Checkout is drawn without it, so it never sits over City.
    expect(await toast.count()).toBe(0);
  });

  test('a gift card that pays ends what the bag said of a mistyped code @phone', async ({ page, request }) => {
    // A card of its own: the demo's published card may have been spent by an earlier journey.
    test.slow();
    const giftCard = await boughtGiftCard(request);
    await page.clock.install();
    await openCheckout(page);
    const code = page.getByRole('textbox', { name: MESSAGES.giftCardCode });
    const add = page.getByRole('button', { name: MESSAGES.addGiftCard, exact: true });
    await code.fill('NOPE-NOPE-NOPE-NOPE');
    await add.click();
    const refusal = page.getByText(MESSAGES.giftCardUnknown('NOPE-NOPE-NOPE-NOPE'));
    await expect(refusal).toBeVisible();
    const clock = await stopTheClock(page);
    await code.fill(giftCard);
    await add.click();
    const paying = page.getByRole('listitem').filter({ hasText: MESSAGES.giftCardPays(giftCard) });
    await clock.see(() => expect(paying).toContainText(/−\$[1-9]/, { timeout: 1_000 }));
    await expect(refusal).toHaveCount(0);
  });

  test('a field the server refuses shows its message at that field', async ({ page }) => {
    await openCheckout(page);
    await fillGuestAndAddress(page);
    await field(page, MESSAGES.zipCode).fill('90012');
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(MESSAGES.cardReady('Visa', '4242'))).toBeVisible();
    await placeOrder(page).click();
    await expect(field(page, MESSAGES.zipCode)).toHaveAccessibleDescription(
      MESSAGES.zipCodeNotInState('90012', 'Alabama'),
    );
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
    await expect
      .poll(async () => boxesOverlap(await warning.boundingBox(), await cardNumber.boundingBox()))
      .toBe(false);
    // The next field the shopper taps sits at the bottom edge of the screen: the warning moves out of its way.
    const securityCode = field(page, MESSAGES.cardCvc);
    await securityCode.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await securityCode.focus();
    await expect
      .poll(async () => boxesOverlap(await warning.boundingBox(), await securityCode.boundingBox()))
      .toBe(false);
  });
});

test.describe('signed-in checkout', () => {
  test('the demo customer’s checkout starts from their default address and e-mail, and the picker switches it @phone', async ({
    page,
  }) => {
    test.slow();
    await signInAsDemo(page);
    await openCheckout(page);
    await expect(page.getByText(MESSAGES.signedInAs(DEMO_EMAIL))).toBeVisible();
    await expect(field(page, MESSAGES.firstName)).toHaveValue('Alex');
    await expect(field(page, MESSAGES.lastName)).toHaveValue('Rivera');
    await expect(addressLine(page)).toHaveValue('1550 Wewatta Street');
    await expect(field(page, MESSAGES.city)).toHaveValue('Denver');
    await expect(field(page, MESSAGES.phoneOptional)).toHaveValue('(303) 555-0142');
    const picker = page.getByRole('combobox', { name: MESSAGES.savedAddressPicker });
    await expect(picker).toHaveValue('address-demo-home');
    await picker.selectOption('address-demo-work');
    await expect(addressLine(page)).toHaveValue('2400 Broadway');
    await expect(field(page, MESSAGES.city)).toHaveValue('Boulder');
    await expect(field(page, MESSAGES.zipCode)).toHaveValue('80304');
    // Changing a field makes it another address; choosing 'Another address' empties the form but the name.
    await field(page, MESSAGES.city).fill('Louisville');
    await expect(picker).toHaveValue('');
    await picker.selectOption('address-demo-home');
    await expect(field(page, MESSAGES.city)).toHaveValue('Denver');
    await picker.selectOption('');
    await expect(addressLine(page)).toHaveValue('');
    await expect(field(page, MESSAGES.firstName)).toHaveValue('Alex');
  });

  test('a card saved at checkout is offered the next time', async ({ page }) => {
    test.slow();
    await signInAsDemo(page);
    await openCheckout(page);
    await page.getByRole('radio', { name: MESSAGES.newCard }).check();
    // The card pays the whole bag, whatever is left of the demo's store credit after the journeys before.
    await spendNoStoreCredit(page);
    await fillCard(page, '5555 5555 5555 4444');
    await expect(page.getByText(MESSAGES.cardReady('Mastercard', '4444'))).toBeVisible();
    await page.getByRole('checkbox', { name: MESSAGES.saveCardForNextTime }).check();
    await placeOrder(page).click();
    await expect(page.getByRole('heading', { name: MESSAGES.orderThanks })).toBeVisible();
    await openCheckout(page);
    await spendNoStoreCredit(page);
    await expect(
      page.getByRole('radio', {
        name: savedCardLabel({ brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030 }),
      }),
    ).toBeVisible();
  });
});

type Box = { x: number; y: number; width: number; height: number } | null;
const boxesOverlap = (a: Box, b: Box) =>
  a !== null &&
  b !== null &&
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height;

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
    await expect(page.getByRole('combobox', { name: MESSAGES.state })).toHaveAccessibleDescription(
      MESSAGES.stateRequired,
    );
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
    const validated = () =>
      page.evaluate(
        () =>
          (
            JSON.parse(window.localStorage.getItem('acme-cart') ?? '{}') as {
              shipping_address?: { is_validated?: boolean };
            }
          ).shipping_address?.is_validated,
      );
    await expect.poll(validated).toBe(true);
    await field(page, MESSAGES.zipCode).fill('90013');
    await expect.poll(validated).toBe(false);
    await addressLine(page).pressSequentially(' x');
    await addressLine(page).press('Escape');
    await expect(suggestions).toBeHidden();
  });
});
