import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { currentStepIndex, giftCardCheckoutSteps, purchaseOfState } from './gift-card-steps.ts';

describe('the gift card checkout’s steps', () => {
  it('list signing in for a guest only: a signed-in buyer goes from the details to payment', () => {
    expect(giftCardCheckoutSteps(false).map((step) => step.label)).toEqual([
      MESSAGES.giftCardStepDetails,
      MESSAGES.giftCardStepSignIn,
      MESSAGES.giftCardStepPayment,
    ]);
    expect(giftCardCheckoutSteps(true).map((step) => step.label)).toEqual([
      MESSAGES.giftCardStepDetails,
      MESSAGES.giftCardStepPayment,
    ]);
    expect(giftCardCheckoutSteps(true).flatMap((step) => step.paths)).not.toContain(PATHS.giftCardsLogin);
  });

  it('put the buyer on the step of the page, and past every step once the purchase is made', () => {
    const steps = giftCardCheckoutSteps(false);
    expect(currentStepIndex(steps, PATHS.giftCardsCheckout, false)).toBe(0);
    expect(currentStepIndex(steps, PATHS.giftCardsNewCard, false)).toBe(2);
    // The confirmation is on the details step's page: it must not read as the details again.
    expect(currentStepIndex(steps, PATHS.giftCardsCheckout, true)).toBe(3);
  });

  it('read a purchase handed over in history state, and nothing else', () => {
    const purchase = {
      id: 'p1',
      amount: 25,
      recipient_name: 'Jamie',
      recipient_email: 'jamie@example.com',
      deliver_on: '2026-11-28',
      bonus: null,
      receipt_email: 'sam@example.com',
      card: { brand: 'visa', last4: '4242' },
    };
    expect(purchaseOfState({ purchase })).toMatchObject({ id: 'p1', amount: 25 });
    expect(purchaseOfState({ purchase: { id: 'p1' } })).toBeNull();
    expect(purchaseOfState(null)).toBeNull();
    expect(purchaseOfState('purchase')).toBeNull();
  });
});
