import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { promoLineDiscounts, promoProblem, type PromoCode } from './promo-codes.ts';
import { testPromoCode } from './test-promo-code.ts';

const promo = (fields: Partial<PromoCode>) => testPromoCode('CODE', fields);
const now = new Date('2026-11-01T12:00:00Z');

describe('promo line discounts', () => {
  it('takes a percent of every line, rounded to the cent', () => {
    expect(promoLineDiscounts({ kind: 'percent', value: 15 }, [1999, 0, 333])).toEqual([300, 0, 50]);
  });

  it('spreads an amount in proportion, odd cents to the largest remainders, never above the lines', () => {
    expect(promoLineDiscounts({ kind: 'amount', value: 500 }, [2000, 1800])).toEqual([263, 237]);
    expect(promoLineDiscounts({ kind: 'amount', value: 100 }, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    expect(promoLineDiscounts({ kind: 'amount', value: 5000 }, [1200, 800])).toEqual([1200, 800]);
    expect(promoLineDiscounts({ kind: 'amount', value: 500 }, [0, 0])).toEqual([0, 0]);
  });

  it('discounts no line for free shipping or a gift', () => {
    expect(promoLineDiscounts({ kind: 'free_shipping', value: 0 }, [1000])).toEqual([0]);
    expect(promoLineDiscounts({ kind: 'gift', value: 0 }, [1000])).toEqual([0]);
  });
});

describe('why a promo cannot be used', () => {
  it('accepts a live code on a bag that meets its minimum', () => {
    expect(promoProblem(promo({ min_subtotal_cents: 2500 }), 'CODE', 2500, now)).toBeNull();
  });

  it('names each reason in the shop’s words', () => {
    expect(promoProblem(undefined, 'NOPE', 0, now)).toBe(MESSAGES.promoInvalid('NOPE'));
    expect(promoProblem(promo({ active: 0 }), 'CODE', 0, now)).toBe(MESSAGES.promoInvalid('CODE'));
    expect(promoProblem(promo({ starts_at: '2026-11-02T00:00:00.000Z' }), 'CODE', 0, now)).toBe(
      MESSAGES.promoNotStarted('CODE'),
    );
    expect(promoProblem(promo({ ends_at: now.toISOString() }), 'CODE', 0, now)).toBe(MESSAGES.promoExpired('CODE'));
    expect(promoProblem(promo({ usage_limit: 5, used_count: 5 }), 'CODE', 0, now)).toBe(MESSAGES.promoUsedUp('CODE'));
    expect(promoProblem(promo({ min_subtotal_cents: 7550 }), 'CODE', 7549, now)).toBe(
      MESSAGES.promoMinimum('CODE', '$75.50'),
    );
  });
});
