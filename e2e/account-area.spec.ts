import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../src/server/db/database.ts';
import { MESSAGES } from '../src/shared/messages.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, signInAsDemo } from './account-fixtures.ts';

const NEW_PASSWORD = 'lantern-harbour-58';
const NEW_ADDRESS = '600 Dexter Ave';

/** The demo customer's saved cards, read before the wallet journey removes one and put back after it. */
async function withDemoCardsRestored(journey: () => Promise<void>) {
  const { db } = openDatabase({
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: process.env.E2E_DATA_DIR ?? '/tmp/shop-e2e',
  });
  const cards = await db.selectFrom('saved_cards').selectAll().where('customer_id', '=', 'customer-demo').execute();
  try {
    await journey();
  } finally {
    // Other journeys (checkout with the saved card) run on the same demo store after this one.
    if (cards.length)
      await db
        .insertInto('saved_cards')
        .values(cards)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    await db.destroy();
  }
}

test('a guest is sent from the account area to sign in, and back to the page they asked for', async ({ page }) => {
  await page.goto('/account/addresses');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Faddresses$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fhome$/);
});

test.describe('the signed-in demo customer’s account area', () => {
  // One sign-in for the whole journey: the shop counts sign-ins per account.
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
    await signInAsDemo(page);
  });
  test.afterAll(() => page.close());

  const main = () => page.getByRole('main');
  const section = (name: string) =>
    page.getByRole('navigation', { name: MESSAGES.accountSections }).getByRole('link', { name, exact: true });
  const status = (text: string) => main().getByRole('status').filter({ hasText: text });

  test('the overview greets the customer and shows the latest order, the default address and the balances', async () => {
    await expect(main().getByRole('heading', { level: 1, name: MESSAGES.accountGreeting('Alex') })).toBeVisible();
    await expect(section(MESSAGES.accountSectionNames.home)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: MESSAGES.defaultShippingAddress })).toContainText(
      '1550 Wewatta Street',
    );
    const balances = page.getByRole('region', { name: MESSAGES.balances });
    await expect(balances.getByRole('definition').first()).toHaveText('$25');
    // The demo's one gift card was sent to someone else: its balance is theirs, not the customer's.
    await expect(balances.getByRole('definition').last()).toHaveText('$0');
    const latest = page.getByRole('region', { name: MESSAGES.latestOrder });
    await expect(latest).toContainText(MESSAGES.orderNumber(100003));
    await latest.getByRole('link', { name: MESSAGES.viewOrderNumber(100003) }).click();
    await expect(page).toHaveURL(/\/order\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.orderNumber(100003) })).toBeVisible();
  });

  test('on a phone the sections are large tap targets, the current one marked', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account/orders');
    for (const name of Object.values(MESSAGES.accountSectionNames)) {
      const box = await section(name).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    await expect(section(MESSAGES.accountSectionNames.orders)).toHaveAttribute('aria-current', 'page');
    await expect(section(MESSAGES.accountSectionNames.home)).not.toHaveAttribute('aria-current', 'page');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('the order history lists the orders newest first, each opening its order page', async () => {
    await section(MESSAGES.accountSectionNames.orders).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    const orders = main().getByRole('listitem');
    await expect(orders.first()).toContainText(MESSAGES.orderNumber(100003));
    await expect(orders.last()).toContainText(MESSAGES.orderNumber(100001));
    await main()
      .getByRole('link', { name: MESSAGES.orderNumber(100002), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.orderNumber(100002) })).toBeVisible();
    await expect(page.getByText(MESSAGES.orderStatusNames.shipped, { exact: true }).first()).toBeVisible();
  });

  test('the customer changes their names, and asks to change their e-mail, which waits for its link', async () => {
    await page.goto('/account/information');
    const details = main().getByRole('form', { name: MESSAGES.yourDetails });
    const firstName = details.getByRole('textbox', { name: MESSAGES.firstName, exact: true });
    await expect(firstName).toHaveValue('Alex');
    await firstName.fill('Jordan');
    await details.getByRole('button', { name: MESSAGES.saveInformation }).click();
    await expect(status(MESSAGES.informationSaved)).toBeVisible();
    await section(MESSAGES.accountSectionNames.home).click();
    await expect(main().getByRole('heading', { level: 1, name: MESSAGES.accountGreeting('Jordan') })).toBeVisible();

    await section(MESSAGES.accountSectionNames.information).click();
    await firstName.fill('Alex');
    await details.getByRole('textbox', { name: MESSAGES.emailAddress }).fill('alex.rivera@example.com');
    await details.getByRole('button', { name: MESSAGES.saveInformation }).click();
    await expect(status(MESSAGES.emailChangeSent('alex.rivera@example.com'))).toBeVisible();
    await page.reload();
    await expect(details.getByRole('textbox', { name: MESSAGES.emailAddress })).toHaveValue(DEMO_EMAIL);
    await expect(firstName).toHaveValue('Alex');
  });

  test('the customer changes their password, giving the current one, and changes it back', async () => {
    const form = main().getByRole('form', { name: MESSAGES.changePassword });
    const current = form.getByLabel(MESSAGES.currentPassword, { exact: true });
    const next = form.getByLabel(MESSAGES.newPassword, { exact: true });
    const confirm = form.getByLabel(MESSAGES.confirmNewPassword, { exact: true });
    const change = async (from: string, to: string, again = to) => {
      await current.fill(from);
      await next.fill(to);
      await confirm.fill(again);
      await form.getByRole('button', { name: MESSAGES.changePassword }).click();
    };

    await change(DEMO_PASSWORD, NEW_PASSWORD, 'something-else-12');
    await expect(form.getByText(MESSAGES.sameAs(MESSAGES.newPasswordName))).toBeVisible();
    await change('not-the-password', NEW_PASSWORD);
    await expect(form.getByText(MESSAGES.currentPasswordWrong).first()).toBeVisible();
    await change(DEMO_PASSWORD, NEW_PASSWORD);
    await expect(status(MESSAGES.passwordChanged)).toBeVisible();
    await expect(current).toHaveValue('');
    await change(NEW_PASSWORD, DEMO_PASSWORD);
    await expect(status(MESSAGES.passwordChanged)).toBeVisible();
  });

  test('the customer adds an address, makes it the default, edits it and deletes it', async () => {
    await section(MESSAGES.accountSectionNames.addresses).click();
    await main().getByRole('link', { name: MESSAGES.addAddress }).click();
    const editor = main().getByRole('form', { name: MESSAGES.newAddress });
    await expect(editor.getByRole('textbox', { name: MESSAGES.firstName, exact: true })).toHaveValue('Alex');
    const addressLine = editor.getByRole('combobox', { name: MESSAGES.address1, exact: true });
    await addressLine.fill(NEW_ADDRESS);
    await addressLine.press('Escape');
    await editor.getByRole('textbox', { name: MESSAGES.city, exact: true }).fill('Montgomery');
    await editor.getByRole('combobox', { name: MESSAGES.state }).selectOption('AL');
    await editor.getByRole('button', { name: MESSAGES.saveAddress }).click();
    await expect(editor.getByText(MESSAGES.zipCodeRequired)).toBeVisible();
    await editor.getByRole('textbox', { name: MESSAGES.zipCode, exact: true }).fill('36130');
    await editor.getByRole('checkbox', { name: MESSAGES.useAsDefaultShipping }).check();
    await editor.getByRole('button', { name: MESSAGES.saveAddress }).click();
    await expect(status(MESSAGES.addressSaved)).toBeVisible();

    const added = main().getByRole('listitem').filter({ hasText: NEW_ADDRESS });
    const home = main().getByRole('listitem').filter({ hasText: '1550 Wewatta Street' });
    await expect(added).toContainText(MESSAGES.defaultShippingAddress);
    await expect(home).not.toContainText(MESSAGES.defaultShippingAddress);
    await added.getByRole('button', { name: `${MESSAGES.makeDefaultBilling} ${NEW_ADDRESS}` }).click();
    await expect(status(MESSAGES.defaultBillingChanged)).toBeVisible();
    await expect(added).toContainText(MESSAGES.defaultBillingAddress);

    await added.getByRole('link', { name: `${MESSAGES.edit} ${NEW_ADDRESS}` }).click();
    const editing = main().getByRole('form', { name: MESSAGES.editAddressHeading });
    await editing.getByRole('textbox', { name: MESSAGES.address2, exact: true }).fill('Suite 5');
    await editing.getByRole('button', { name: MESSAGES.saveAddress }).click();
    await expect(status(MESSAGES.addressSaved)).toBeVisible();
    await expect(added).toContainText('Suite 5');

    // The demo's home address becomes both defaults again, as other journeys expect.
    await home.getByRole('button', { name: `${MESSAGES.makeDefaultShipping} 1550 Wewatta Street` }).click();
    await expect(status(MESSAGES.defaultShippingChanged)).toBeVisible();
    await home.getByRole('button', { name: `${MESSAGES.makeDefaultBilling} 1550 Wewatta Street` }).click();
    await expect(status(MESSAGES.defaultBillingChanged)).toBeVisible();
    await expect(home).toContainText(MESSAGES.defaultShippingAddress);
    await expect(home).toContainText(MESSAGES.defaultBillingAddress);

    await added.getByRole('link', { name: `${MESSAGES.delete} ${NEW_ADDRESS}` }).click();
    await expect(added).toContainText(MESSAGES.deleteAddressQuestion);
    await added.getByRole('link', { name: MESSAGES.keepIt }).click();
    await expect(added).not.toContainText(MESSAGES.deleteAddressQuestion);
    await added.getByRole('link', { name: `${MESSAGES.delete} ${NEW_ADDRESS}` }).click();
    await added.getByRole('button', { name: MESSAGES.confirmDeleteAddress }).click();
    await expect(status(MESSAGES.addressDeleted)).toBeVisible();
    await expect(added).toHaveCount(0);
  });

  test('the wallet shows store credit with its history and the gift card, and removes the saved card', async () => {
    await section(MESSAGES.accountSectionNames.wallet).click();
    const credit = page.getByRole('region', { name: MESSAGES.storeCredit });
    await expect(credit).toContainText('$25');
    // The credit the demo's second order spent names that order; 100001's return went back to its card, on its page.
    const used = credit.getByRole('listitem').filter({ hasText: MESSAGES.storeCreditReasons.order });
    await expect(used).toContainText('−$10');
    await expect(used.getByRole('link', { name: MESSAGES.orderNumber(100002) })).toBeVisible();
    const giftCards = page.getByRole('region', { name: MESSAGES.giftCards });
    await expect(giftCards).toContainText(MESSAGES.giftCardBalanceOf('$50', '$50'));
    await expect(giftCards).toContainText(MESSAGES.giftCardSentTo('jamie@example.com'));

    await withDemoCardsRestored(async () => {
      const cards = page.getByRole('region', { name: MESSAGES.savedCards });
      const visa = cards.getByRole('listitem').filter({ hasText: /^Visa ending in 4242, expires 12\/\d\d/ });
      await visa.getByRole('link', { name: /^Remove Visa ending in 4242/ }).click();
      await expect(visa).toContainText(MESSAGES.removeCardQuestion);
      await visa.getByRole('button', { name: MESSAGES.confirmRemoveCard }).click();
      await expect(status(MESSAGES.cardRemoved)).toBeVisible();
      await expect(cards).toContainText(MESSAGES.noSavedCards);
    });
  });

  test('the gift card checkout lists no sign-in step to the signed-in customer', async () => {
    await page.goto('/giftcards/checkout');
    const steps = page.getByRole('navigation', { name: MESSAGES.giftCardSteps }).getByRole('listitem');
    await expect(steps).toHaveText([`1. ${MESSAGES.giftCardStepDetails}`, `2. ${MESSAGES.giftCardStepPayment}`]);
  });
});
