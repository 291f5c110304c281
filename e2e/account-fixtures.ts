import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages.ts';

export const DEMO_EMAIL = 'demo@acme.test';
export const DEMO_PASSWORD = 'acme-demo-password';

/**
 * Fills and sends the sign-in form of the page (/login). The shop allows 10 sign-ins of an account in 15
 * minutes, so a journey signs in once and keeps its page, rather than once a test.
 */
export async function signIn(page: Page, password: string, email = DEMO_EMAIL) {
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: MESSAGES.emailAddress, exact: true }).fill(email);
  await form.getByLabel(MESSAGES.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: MESSAGES.signIn }).click();
}

/** Signs the demo customer in from /login and waits for the account's home. */
export async function signInAsDemo(page: Page) {
  await page.goto('/login');
  await signIn(page, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account\/home$/);
}
