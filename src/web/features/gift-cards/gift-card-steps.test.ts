import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { giftCardCheckoutSteps } from './gift-card-steps.ts';

describe('the gift card checkout’s steps', () => {
  it('list signing in for a guest only: a signed-in buyer goes from the details to payment', () => {
    expect(giftCardCheckoutSteps(false).map((step) => step.label)).toEqual([MESSAGES.giftCardStepDetails, MESSAGES.giftCardStepSignIn, MESSAGES.giftCardStepPayment]);
    expect(giftCardCheckoutSteps(true).map((step) => step.label)).toEqual([MESSAGES.giftCardStepDetails, MESSAGES.giftCardStepPayment]);
    expect(giftCardCheckoutSteps(true).flatMap((step) => step.paths)).not.toContain(PATHS.giftCardsLogin);
  });
});
