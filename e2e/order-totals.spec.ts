import { expect, test } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages.ts';
import { DEMO_EMAIL, signInAsDemo } from './account-fixtures.ts';
import { orderMailText } from './outbox.ts';

/** The amount the e-mail's text gives a label ('Total: $206.95'). */
const mailAmount = (text: string, label: string) =>
  new RegExp(`^${label}: (\\$[\\d,.]+)$`, 'm').exec(text)?.[1] ?? null;

test('an order’s total is the same in the account’s list, on its page and in its confirmation e-mail', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.goto('/account/orders');
  const row = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: MESSAGES.orderNumber(100002) });
  const listTotal = (await row.getByText(/^\$[\d,.]+$/).innerText()).trim();
  expect(listTotal).toMatch(/^\$\d/);

  await row.getByRole('link', { name: MESSAGES.orderNumber(100002), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.orderNumber(100002) })).toBeVisible();
  const summary = page.getByRole('region', { name: MESSAGES.orderSummary });
  const pageTotal = summary
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${MESSAGES.total}$`) })
    .locator('xpath=following-sibling::dd[1]');
  await expect(pageTotal).toHaveText(listTotal);

  // The page says how it was paid and where to follow the parcel, as the e-mails do.
  const payment = page.getByRole('region', { name: MESSAGES.payment });
  await expect(payment).toContainText('Visa ending in 4242');
  await expect(payment).toContainText(MESSAGES.storeCredit);
  await expect(
    page.getByRole('region', { name: MESSAGES.orderHistory }).getByRole('link', { name: MESSAGES.trackPackage }),
  ).toHaveAttribute('href', /^https:\/\//);

  const mail = await orderMailText(DEMO_EMAIL, 'order-confirmation', 100002);
  expect(mailAmount(mail, MESSAGES.total)).toBe(listTotal);
});
