import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages.ts';
import { mailCount, mailedLink } from './outbox.ts';

const DEMO_EMAIL = 'demo@acme.test';
const DEMO_PASSWORD = 'acme-demo-password';
const PASSWORD = 'a fresh password for robin';

/** An address no account uses yet. */
const newEmail = (name: string) => `${name}-${Date.now()}@example.com`;

const main = (page: Page) => page.getByRole('main');

async function createAccount(page: Page, email: string) {
  await page.goto('/account-create');
  await expect(page).toHaveTitle(new RegExp(`^${MESSAGES.accountCreateTitle}`));
  await main(page).getByRole('textbox', { name: MESSAGES.firstName, exact: true }).fill('Robin');
  await main(page).getByRole('textbox', { name: MESSAGES.lastName, exact: true }).fill('Hale');
  await main(page).getByRole('textbox', { name: MESSAGES.emailAddress, exact: true }).fill(email);
  await main(page).getByLabel(MESSAGES.password, { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: MESSAGES.createAccountSubmit }).click();
  await expect(main(page).getByRole('status')).toContainText(MESSAGES.accountCreateSent);
}

async function signIn(page: Page, email: string, password: string) {
  await main(page).getByRole('textbox', { name: MESSAGES.emailAddress, exact: true }).fill(email);
  await main(page).getByLabel(MESSAGES.password, { exact: true }).fill(password);
  await main(page).getByRole('button', { name: MESSAGES.signIn }).click();
}

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('etk-user') ?? 'null'));

async function signOut(page: Page) {
  await page.getByRole('button', { name: MESSAGES.signOut }).click();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.signIn })).toBeVisible();
}

test.describe('creating an account', () => {
  test('a new shopper creates an account, confirms it from the mailed link, and signs in with it', async ({ page }) => {
    const email = newEmail('robin');
    await createAccount(page, email);

    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.verifyFirst })).toBeVisible();

    const link = await mailedLink(email, 'account-verify');
    await page.goto(link);
    await expect(main(page).getByRole('status')).toContainText(MESSAGES.accountVerified);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.myAccount })).toBeVisible();
    expect(await storedUser(page)).toMatchObject({ username: email, first_name: 'Robin', last_name: 'Hale' });
    expect(await page.evaluate(() => window.dataLayer)).toContainEqual({ event: 'login', method: 'email' });
    expect(await page.evaluate(() => window._learnq)).toContainEqual([
      'identify',
      { $email: email, $first_name: 'Robin', $last_name: 'Hale' },
    ]);

    await main(page).getByRole('link', { name: MESSAGES.goToMyAccount }).click();
    await expect(page).toHaveURL(/\/account\/home$/);
    await signOut(page);

    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account\/home$/);

    // The link works once: opened again, it says so and offers the ways forward.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(MESSAGES.accountLinkInvalid);
    await expect(main(page).getByRole('link', { name: MESSAGES.forgotPassword })).toHaveAttribute(
      'href',
      '/account-forgot',
    );
  });

  test('an address that already has an account gets the same answer, and its owner a mail instead', async ({
    page,
  }) => {
    const before = mailCount(DEMO_EMAIL, 'account-exists');
    await createAccount(page, DEMO_EMAIL);
    await expect.poll(() => mailCount(DEMO_EMAIL, 'account-exists')).toBe(before + 1);
  });

  test('the form checks its fields with the shared messages before sending', async ({ page }) => {
    await page.goto('/account-create');
    await main(page).getByRole('textbox', { name: MESSAGES.emailAddress, exact: true }).fill('robin');
    await main(page).getByLabel(MESSAGES.password, { exact: true }).fill('short');
    await main(page).getByRole('button', { name: MESSAGES.createAccountSubmit }).click();
    await expect(
      main(page).getByRole('textbox', { name: MESSAGES.firstName, exact: true }),
    ).toHaveAccessibleDescription(MESSAGES.firstNameRequired);
    await expect(
      main(page).getByRole('textbox', { name: MESSAGES.emailAddress, exact: true }),
    ).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    await expect(main(page).getByLabel(MESSAGES.password, { exact: true })).toHaveAccessibleDescription(
      `${MESSAGES.minLength(8)} ${MESSAGES.passwordRules(8, 128)}`,
    );
  });
});

test.describe('a forgotten password', () => {
  test('is reset from the mailed link, which signs the shopper in and works once', async ({ page }) => {
    const email = newEmail('sam');
    await createAccount(page, email);

    await page.goto('/login');
    await main(page).getByRole('link', { name: MESSAGES.forgotPassword }).click();
    await expect(page).toHaveURL(/\/account-forgot$/);
    await main(page).getByRole('textbox', { name: MESSAGES.emailAddress, exact: true }).fill(email);
    await main(page).getByRole('button', { name: MESSAGES.sendResetLink }).click();
    await expect(main(page).getByRole('status')).toContainText(MESSAGES.forgotSent);

    const link = await mailedLink(email, 'account-reset');
    const newPassword = 'another password for sam';
    await page.goto(`${link}?rememberMe=1`);
    await main(page).getByLabel(MESSAGES.newPassword, { exact: true }).fill(newPassword);
    await main(page).getByLabel(MESSAGES.confirmNewPassword, { exact: true }).fill('not the same password');
    await main(page).getByRole('button', { name: MESSAGES.saveNewPassword }).click();
    await expect(main(page).getByLabel(MESSAGES.confirmNewPassword, { exact: true })).toHaveAccessibleDescription(
      MESSAGES.sameAs(MESSAGES.newPasswordName),
    );
    await main(page).getByLabel(MESSAGES.confirmNewPassword, { exact: true }).fill(newPassword);
    await main(page).getByRole('button', { name: MESSAGES.saveNewPassword }).click();

    await expect(page).toHaveURL(/\/account\/home$/);
    await expect(page.getByText(MESSAGES.passwordChanged)).toBeVisible();
    expect(await storedUser(page)).toMatchObject({ username: email });
    await signOut(page);

    await page.goto(link);
    await main(page).getByLabel(MESSAGES.newPassword, { exact: true }).fill('yet another password');
    await main(page).getByLabel(MESSAGES.confirmNewPassword, { exact: true }).fill('yet another password');
    await main(page).getByRole('button', { name: MESSAGES.saveNewPassword }).click();
    await expect(page.getByRole('alert')).toContainText(MESSAGES.accountLinkInvalid);
    await expect(main(page).getByRole('link', { name: MESSAGES.askForNewLink })).toHaveAttribute(
      'href',
      '/account-forgot',
    );

    // The reset confirmed the address, so the new password signs in.
    await page.goto('/login');
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/account\/home$/);
  });

  test('an address with no account gets the same answer', async ({ page }) => {
    await page.goto('/account-forgot');
    await main(page).getByRole('textbox', { name: MESSAGES.emailAddress, exact: true }).fill(newEmail('nobody'));
    await main(page).getByRole('button', { name: MESSAGES.sendResetLink }).click();
    await expect(main(page).getByRole('status')).toContainText(MESSAGES.forgotSent);
  });
});

test.describe('signing out and coming back', () => {
  test('signing out resets the bag, the user and the gift card draft, and sends the logout event', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => {
      window.localStorage.setItem('etk-gift-card', JSON.stringify({ action: 'buy', code: '', amount: 50 }));
      window.localStorage.setItem(
        'acme-cart',
        JSON.stringify({ items: [{ sku: 'UPMH1001-M', qty: 1, line_number: 1 }] }),
      );
    });
    // A fresh document, so the page reads the bag and the draft from storage.
    await page.goto('/login');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/account\/home$/);
    await signOut(page);
    expect(await storedUser(page)).toBeNull();
    // The draft is back to the defaults of spec 3: nothing of the one set before survives.
    const draft = await page.evaluate(() => window.localStorage.getItem('etk-gift-card'));
    expect(JSON.parse(draft ?? 'null')).toMatchObject({ action: 'purchase', code: '', amount: 0, saleAmount: null });
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('acme-cart') ?? '{}').items)).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer)).toContainEqual({ event: 'logout' });
  });

  test('a redirectTo off the shop is ignored: the shopper lands on the account home', async ({ page }) => {
    await page.goto('/login?redirectTo=%2F%2Fevil.example%2Faccount%2Fhome');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/account\/home$/);
  });
});
