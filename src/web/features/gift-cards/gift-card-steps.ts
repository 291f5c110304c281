/**
 * The gift card checkout's steps as its indicator lists them: the details, signing in, and payment. A buyer who
 * is signed in has no sign-in step (its page sends them on to payment), so it is not listed for them.
 */
import { giftCardPurchaseViewSchema, type GiftCardPurchaseView } from '../../../shared/gift-card.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';

export interface GiftCardCheckoutStep {
  label: string;
  /** The pages that are this step. */
  paths: readonly string[];
}

const DETAILS: GiftCardCheckoutStep = { label: MESSAGES.giftCardStepDetails, paths: [PATHS.giftCardsCheckout] };
const SIGN_IN: GiftCardCheckoutStep = { label: MESSAGES.giftCardStepSignIn, paths: [PATHS.giftCardsLogin] };
const PAYMENT: GiftCardCheckoutStep = {
  label: MESSAGES.giftCardStepPayment,
  paths: [PATHS.giftCardsPayment, PATHS.giftCardsCard, PATHS.giftCardsNewCard],
};

export function giftCardCheckoutSteps(signedIn: boolean): readonly GiftCardCheckoutStep[] {
  return signedIn ? [DETAILS, PAYMENT] : [DETAILS, SIGN_IN, PAYMENT];
}

/** A purchase just made, handed over by the payment step in history state; null for any other state. */
export function purchaseOfState(state: unknown): GiftCardPurchaseView | null {
  if (typeof state !== 'object' || state === null || !('purchase' in state)) return null;
  const parsed = giftCardPurchaseViewSchema.safeParse(state.purchase);
  return parsed.success ? parsed.data : null;
}

/**
 * The step the buyer is on, by the page's path; once the purchase is made, past the last one: its confirmation
 * shows on the first step's page, where every step is done.
 */
export function currentStepIndex(steps: readonly GiftCardCheckoutStep[], path: string, purchased: boolean): number {
  return purchased ? steps.length : steps.findIndex((step) => step.paths.includes(path));
}
