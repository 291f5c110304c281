import { GIFT_CARD_STORAGE_KEY } from '../../shared/storage-keys.ts';

/** Forgets the gift card draft (spec 3, etk-gift-card): signing out and a failed user refresh reset it. */
export function resetGiftCardDraft(): void {
  try {
    window.localStorage.removeItem(GIFT_CARD_STORAGE_KEY);
  } catch {
    // Storage blocked: there is no draft to clear.
  }
}
