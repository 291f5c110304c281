/**
 * The splash's links into the purchase carry what the shopper picked in the address (an amount, an occasion's
 * first message), so they work before the app has started; the details page puts it in the draft.
 */
import { GIFT_CARD_MAX_AMOUNT, GIFT_CARD_MIN_AMOUNT } from '../../../shared/gift-card.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { GiftCardDraft } from '../../lib/gift-card-draft.ts';

export function checkoutStartPath(start: { amount?: number; occasion?: number }): string {
  const query = new URLSearchParams();
  if (start.amount !== undefined) query.set('amount', String(start.amount));
  if (start.occasion !== undefined) query.set('occasion', String(start.occasion));
  return `${PATHS.giftCardsCheckout}?${query}`;
}

/** What a start link asks the draft to change; null when the address carries nothing it can read. */
export function readCheckoutStart(search: URLSearchParams): Partial<GiftCardDraft> | null {
  const change: Partial<GiftCardDraft> = {};
  const amount = Number(search.get('amount'));
  if (Number.isInteger(amount) && amount >= GIFT_CARD_MIN_AMOUNT && amount <= GIFT_CARD_MAX_AMOUNT)
    change.amount = amount;
  const occasion = MESSAGES.giftCardOccasions[Number(search.get('occasion') ?? Number.NaN)];
  if (occasion) change.giftMessage = occasion.message;
  return Object.keys(change).length > 0 ? { ...change, action: 'purchase', saleAmount: null } : null;
}
