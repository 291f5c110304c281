import type { DeclineCode } from '../../shared/payment-card.ts';

export type TestCardOutcome = 'approved' | DeclineCode;

/**
 * The built-in gateway's test cards: Stripe's well-known test numbers with the outcome Stripe gives them, so
 * the list in docs/payments.md reads the same with either gateway. Any expiry to come and any CVC of the
 * brand's length work; any other number that passes the checks is declined as a live card, as Stripe's test mode does.
 */
export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: TestCardOutcome }> = [
  { number: '4242424242424242', outcome: 'approved' },
  { number: '4000056655665556', outcome: 'approved' },
  { number: '5555555555554444', outcome: 'approved' },
  { number: '2223003122003222', outcome: 'approved' },
  { number: '5200828282828210', outcome: 'approved' },
  { number: '378282246310005', outcome: 'approved' },
  { number: '371449635398431', outcome: 'approved' },
  { number: '6011111111111117', outcome: 'approved' },
  { number: '3056930009020004', outcome: 'approved' },
  { number: '36227206271667', outcome: 'approved' },
  { number: '3566002020360505', outcome: 'approved' },
  { number: '6200000000000005', outcome: 'approved' },
  { number: '4000000000000002', outcome: 'card_declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds' },
  { number: '4000000000009987', outcome: 'lost_card' },
  { number: '4000000000009979', outcome: 'stolen_card' },
  { number: '4000000000000069', outcome: 'expired_card' },
  { number: '4000000000000127', outcome: 'incorrect_cvc' },
  { number: '4000000000000119', outcome: 'processing_error' },
];

const OUTCOMES = new Map(TEST_CARDS.map((card) => [card.number, card.outcome]));

export function testCardOutcome(digits: string): TestCardOutcome {
  return OUTCOMES.get(digits) ?? 'test_mode_live_card';
}
