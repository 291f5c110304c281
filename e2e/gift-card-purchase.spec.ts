import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages.ts';
import { gotoHydrated } from './hydration.ts';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test.describe('buying a gift card without friction', () => {
  test('the bonus card goes to the buyer unless they name someone, the receipt address outlives choosing a card, and the thank-you page ends the steps @phone', async ({
    page,
  }) => {
    // Five pages and a purchase: longer than one page's journey on a machine whose cores are shared.
    test.slow();
    const buyer = `sam-${Date.now()}@example.com`;
    await page.goto('/giftcards');
    await page
      .getByRole('region', { name: MESSAGES.giftCardAmountsHeading })
      .getByRole('link', { name: MESSAGES.giftCardAmountPick('$50') })
      .click();
    await expect(page).toHaveURL(/\/giftcards\/checkout$/);
    await field(page, MESSAGES.giftCardRecipientName).fill('Jamie');
    await field(page, MESSAGES.giftCardRecipientEmail).fill(`jamie-${Date.now()}@example.com`);

    // The demo's promotion gives a $10 card for $50: it is the buyer's unless they send it to someone else.
    const bonus = page.getByRole('group', { name: MESSAGES.giftCardBonusHeading('$10') });
    const toMe = bonus.getByRole('checkbox', { name: MESSAGES.giftCardBonusToMe(null) });
    await expect(toMe).toBeChecked();
    await expect(field(page, MESSAGES.giftCardBonusName)).toHaveCount(0);
    await toMe.uncheck();
    await page.getByRole('button', { name: MESSAGES.giftCardContinue }).click();
    await expect(field(page, MESSAGES.giftCardBonusEmail)).toHaveAccessibleDescription(MESSAGES.valueRequired);
    await toMe.check();
    await page.getByRole('button', { name: MESSAGES.giftCardContinue }).click();

    await expect(page).toHaveURL(/\/giftcards\/checkout\/login$/);
    await page.getByRole('link', { name: MESSAGES.continueAsGuest }).click();
    await field(page, MESSAGES.giftCardReceiptEmail).fill(buyer);
    await page.getByRole('link', { name: MESSAGES.addCard }).click();
    await expect(page).toHaveURL(/\/giftcards\/checkout\/card\/new$/);
    await field(page, MESSAGES.cardNumber).fill('4242 4242 4242 4242');
    await field(page, MESSAGES.cardExpiry).fill('12/30');
    await field(page, MESSAGES.cardCvc).fill('123');
    await page.getByRole('button', { name: MESSAGES.useThisCard }).click();

    await expect(page).toHaveURL(/\/giftcards\/checkout\/payment$/);
    await expect(field(page, MESSAGES.giftCardReceiptEmail)).toHaveValue(buyer);
    const pay = page.getByRole('button', { name: MESSAGES.giftCardPay('$50') });
    await expect(pay).toBeEnabled();
    await pay.click();

    await expect(page.getByRole('heading', { name: MESSAGES.giftCardThanks })).toBeVisible();
    await expect(page.getByText(MESSAGES.giftCardBonusSent('$10', buyer))).toBeVisible();
    const steps = page.getByRole('navigation', { name: MESSAGES.giftCardSteps }).getByRole('listitem');
    // Every step done, none current: not '1. Details' again.
    await expect(steps).toHaveText(
      [MESSAGES.giftCardStepDetails, MESSAGES.giftCardStepSignIn, MESSAGES.giftCardStepPayment].map(
        (label) => `✓${MESSAGES.giftCardStepDone} ${label}`,
      ),
    );
    await expect(page.locator('[aria-current="step"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: MESSAGES.giftCardEditDetails })).toHaveCount(0);
  });
});

test.describe('the gift card balance check', () => {
  test('comes before the terms on a phone, and checks a second code without an error in the console @phone', async ({
    page,
  }) => {
    const errors: string[] = [];
    // A wrong code is answered 404, which the browser logs as a failed resource: that is the answer, not an error.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await gotoHydrated(page, '/giftcards/info');
    const balance = page.getByRole('complementary', { name: MESSAGES.giftCardBalanceHeading });
    const terms = page.getByRole('region', { name: MESSAGES.giftCardTermsHeading });
    const balanceBox = await balance.boundingBox();
    const termsBox = await terms.boundingBox();
    const viewport = page.viewportSize();
    if (!balanceBox || !termsBox || !viewport) throw new Error('the balance check or the terms are not drawn');
    if (viewport.width < 640) {
      expect(balanceBox.y).toBeLessThan(termsBox.y);
      expect(balanceBox.y + balanceBox.height).toBeLessThan(viewport.height * 1.5);
    } else {
      expect(balanceBox.x).toBeGreaterThan(termsBox.x);
    }

    for (const code of ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH']) {
      await field(page, MESSAGES.giftCardCode).fill(code);
      await page.getByRole('button', { name: MESSAGES.checkBalance }).click();
      await expect(field(page, MESSAGES.giftCardCode)).toHaveAccessibleDescription(MESSAGES.giftCardNotFound);
    }
    expect(errors).toEqual([]);
  });
});
