import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.ts';
import { checkoutStartPath, readCheckoutStart } from './gift-card-start.ts';

describe('the splash’s start links', () => {
  it('carry an amount within the limits or an occasion’s message, and nothing else', () => {
    const read = (path: string) => readCheckoutStart(new URL(path, 'https://shop.test').searchParams);
    expect(checkoutStartPath({ amount: 50 })).toBe('/giftcards/checkout?amount=50');
    expect(read(checkoutStartPath({ amount: 50 }))).toEqual({ amount: 50, action: 'purchase', saleAmount: null });
    expect(read(checkoutStartPath({ occasion: 1 }))).toEqual({
      giftMessage: MESSAGES.giftCardOccasions[1]?.message,
      action: 'purchase',
      saleAmount: null,
    });
    expect(read('/giftcards/checkout?amount=5000')).toBeNull();
    expect(read('/giftcards/checkout?amount=12.5&occasion=9')).toBeNull();
    expect(read('/giftcards/checkout')).toBeNull();
  });
});
