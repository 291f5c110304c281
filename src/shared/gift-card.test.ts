import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  earnsBonusCard,
  localDay,
  formatDay,
  formatGiftCardCode,
  giftCardBonus,
  isCalendarDay,
} from './gift-card.ts';

describe('giftCardBonus', () => {
  const card = { ratePerFifty: 10, storeCredit: false };
  it('gives the rate for every full fifty dollars, as a card', () => {
    expect(giftCardBonus(49, card, false)).toBeNull();
    expect(giftCardBonus(50, card, false)).toEqual({ kind: 'card', amount: 10 });
    expect(giftCardBonus(149, card, false)).toEqual({ kind: 'card', amount: 20 });
    expect(giftCardBonus(500, { ratePerFifty: 12.5, storeCredit: false }, true)).toEqual({ kind: 'card', amount: 125 });
  });

  it('gives store credit instead when the merchant says so, which only a signed-in buyer can hold', () => {
    const credit = { ratePerFifty: 10, storeCredit: true };
    expect(giftCardBonus(100, credit, true)).toEqual({ kind: 'store_credit', amount: 20 });
    expect(giftCardBonus(100, credit, false)).toBeNull();
    expect(earnsBonusCard(100, credit)).toBe(false);
    expect(earnsBonusCard(100, { ratePerFifty: 10, storeCredit: false })).toBe(true);
    expect(earnsBonusCard(40, { ratePerFifty: 10, storeCredit: false })).toBe(false);
  });

  it('gives nothing without a promotion or an amount', () => {
    expect(giftCardBonus(100, { ratePerFifty: 0, storeCredit: false }, true)).toBeNull();
    expect(giftCardBonus(Number.NaN, card, true)).toBeNull();
    expect(giftCardBonus(-100, card, true)).toBeNull();
  });
});

describe('formatGiftCardCode', () => {
  it('reads a code however it is typed, and leaves anything else cleaned but unmatched', () => {
    expect(formatGiftCardCode(' abcd efgh-jkmn_pq23 ')).toBe('ABCD-EFGH-JKMN-PQ23');
    expect(formatGiftCardCode('ABCD-EFGH-JKMN-PQ23')).toBe('ABCD-EFGH-JKMN-PQ23');
    expect(formatGiftCardCode('abc-123')).toBe('ABC123');
    expect(formatGiftCardCode('')).toBe('');
  });
});

describe('delivery days', () => {
  it('knows a real calendar day, counts days across months and years, and names today in a zone', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    const now = new Date('2026-11-02T03:00:00Z');
    expect(dayIn('America/New_York', now)).toBe('2026-11-01');
    expect(dayIn('Europe/London', now)).toBe('2026-11-02');
    // The machine's own clock: local noon of a day is that day wherever the tests run.
    expect(localDay(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 10, 30, 23, 59))).toBe('2026-11-30');
    expect(formatDay('2026-11-03')).toBe('November 3, 2026');
  });
});
