/**
 * The gift card checkout's steps as its indicator lists them: the details, signing in, and payment. A buyer who
 * is signed in has no sign-in step (its page sends them on to payment), so it is not listed for them.
 */
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';

export interface GiftCardCheckoutStep {
  label: string;
  /** The pages that are this step. */
  paths: readonly string[];
}

const DETAILS: GiftCardCheckoutStep = { label: MESSAGES.giftCardStepDetails, paths: [PATHS.giftCardsCheckout] };
const SIGN_IN: GiftCardCheckoutStep = { label: MESSAGES.giftCardStepSignIn, paths: [PATHS.giftCardsLogin] };
const PAYMENT: GiftCardCheckoutStep = { label: MESSAGES.giftCardStepPayment, paths: [PATHS.giftCardsPayment, PATHS.giftCardsCard, PATHS.giftCardsNewCard] };

export function giftCardCheckoutSteps(signedIn: boolean): readonly GiftCardCheckoutStep[] {
  return signedIn ? [DETAILS, PAYMENT] : [DETAILS, SIGN_IN, PAYMENT];
}
