import { describe, expect, it } from 'vitest';
import { formatGiftCardCode, GIFT_CARD_CODE_ALPHABET } from '../../shared/gift-card.ts';
import { newGiftCardCode } from './gift-card-codes.ts';

describe('newGiftCardCode', () => {
  it('makes four groups of four from the alphabet, each code new, every character used', () => {
    const codes = Array.from({ length: 2000 }, newGiftCardCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(formatGiftCardCode(code)).toBe(code);
    }
    const used = new Set(codes.join('').replace(/-/g, ''));
    expect([...used].sort().join('')).toBe([...GIFT_CARD_CODE_ALPHABET].sort().join(''));
  });
});
