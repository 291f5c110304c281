import { afterEach, describe, expect, it, vi } from 'vitest';
import { GIFT_CARD_STORAGE_KEY } from '../../shared/storage-keys.ts';
import {
  EMPTY_GIFT_CARD_DRAFT,
  giftCardDraftStore,
  parseGiftCardDraft,
  resetGiftCardDraft,
} from './gift-card-draft.ts';

describe('the gift card draft', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a stored draft without fields as the empty draft: every field of spec 3 at its default', () => {
    expect(parseGiftCardDraft({})).toEqual(EMPTY_GIFT_CARD_DRAFT);
    expect(parseGiftCardDraft({})).toMatchObject({
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
    });
  });

  it('reads what storage holds, a malformed field as its default, and nothing from what is not an object', () => {
    expect(
      parseGiftCardDraft({ amount: 100, recipientName: 'Jamie', saleAmount: 100, action: 'refund', promoAmount: -5 }),
    ).toEqual({
      ...EMPTY_GIFT_CARD_DRAFT,
      amount: 100,
      recipientName: 'Jamie',
      saleAmount: 100,
    });
    expect(parseGiftCardDraft('draft')).toBeUndefined();
    expect(parseGiftCardDraft([])).toBeUndefined();
    expect(parseGiftCardDraft(null)).toBeUndefined();
  });

  it('survives a reload through local storage under etk-gift-card, and resets to empty', () => {
    const stored = new Map<string, string>([
      [
        GIFT_CARD_STORAGE_KEY,
        JSON.stringify({ ...EMPTY_GIFT_CARD_DRAFT, amount: 75, recipientEmail: 'jamie@example.com' }),
      ],
    ]);
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
      addEventListener: () => undefined,
    });
    const store = giftCardDraftStore();
    expect(store.get()).toMatchObject({ amount: 75, recipientEmail: 'jamie@example.com' });
    store.set((draft) => ({ ...draft, giftMessage: 'Enjoy!' }));
    expect(JSON.parse(stored.get(GIFT_CARD_STORAGE_KEY) ?? '{}')).toMatchObject({ amount: 75, giftMessage: 'Enjoy!' });
    resetGiftCardDraft();
    expect(store.get()).toEqual(EMPTY_GIFT_CARD_DRAFT);
    expect(JSON.parse(stored.get(GIFT_CARD_STORAGE_KEY) ?? '{}')).toEqual(EMPTY_GIFT_CARD_DRAFT);
  });
});
