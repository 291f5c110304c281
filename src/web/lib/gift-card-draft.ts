/**
 * The gift card draft of spec 3, in local storage under etk-gift-card: what the shopper is buying (or the code
 * they last checked), kept as they type so a reload, or a detour to sign in, loses nothing. Signing out and a
 * failed user refresh reset it (spec 4).
 */
import * as z from 'zod/mini';
import { GIFT_CARD_STORAGE_KEY } from '../../shared/storage-keys.ts';
import { persistedStore, useStore, type Store } from './store.ts';

/** What the shopper last did on the gift card pages: buying a card, or checking a balance (whose code is `code`). */
export type GiftCardAction = 'purchase' | 'balance';

export interface GiftCardDraft {
  action: GiftCardAction;
  /** The code typed in the balance check. */
  code: string;
  /** The card's amount in whole dollars; 0 until one is chosen. */
  amount: number;
  recipientEmail: string;
  recipientName: string;
  giftMessage: string;
  /** The amount the shopper agreed to pay, set when they go on to payment; null until then. */
  saleAmount: number | null;
  /** The promotion's bonus the amount earns (a card, or store credit). */
  promoAmount: number;
  promoRecipientEmail: string;
  promoRecipientName: string;
  promoGiftMessage: string;
  /** The day the card is e-mailed (YYYY-MM-DD); '' for right away. Not in spec 3: the page asks for it. */
  deliverOn: string;
}

export const EMPTY_GIFT_CARD_DRAFT: GiftCardDraft = {
  action: 'purchase',
  code: '',
  amount: 0,
  recipientEmail: '',
  recipientName: '',
  giftMessage: '',
  saleAmount: null,
  promoAmount: 0,
  promoRecipientEmail: '',
  promoRecipientName: '',
  promoGiftMessage: '',
  deliverOn: '',
};

const text = () => z.catch(z.string().check(z.maxLength(2000)), '');
const dollars = () => z.catch(z.number().check(z.nonnegative(), z.maximum(1_000_000)), 0);

const draftSchema = z.lazy(() =>
  z.object({
    action: z.catch(z.enum(['purchase', 'balance']), 'purchase'),
    code: text(),
    amount: dollars(),
    recipientEmail: text(),
    recipientName: text(),
    giftMessage: text(),
    saleAmount: z.catch(z.nullable(z.number().check(z.nonnegative(), z.maximum(1_000_000))), null),
    promoAmount: dollars(),
    promoRecipientEmail: text(),
    promoRecipientName: text(),
    promoGiftMessage: text(),
    deliverOn: text(),
  }),
);

/** Reads a stored draft: a missing or malformed field gets its default; anything but an object is not a draft. */
export function parseGiftCardDraft(raw: unknown): GiftCardDraft | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  return draftSchema.parse(raw);
}

export const giftCardDraftStore = (): Store<GiftCardDraft> =>
  persistedStore(GIFT_CARD_STORAGE_KEY, EMPTY_GIFT_CARD_DRAFT, parseGiftCardDraft);

export function useGiftCardDraft(): [GiftCardDraft, Store<GiftCardDraft>['set']] {
  const store = giftCardDraftStore();
  return [useStore(store), store.set];
}

/** Empties the draft, in this tab and in storage (signing out, a failed refresh of the user, a purchase made). */
export function resetGiftCardDraft(): void {
  giftCardDraftStore().set(EMPTY_GIFT_CARD_DRAFT);
}
