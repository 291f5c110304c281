import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  DECLINE_CODES,
  cardBrandName,
  cardNumberDigits,
  checkCardDetails,
  cvcLength,
  declineMessage,
  detectCardBrand,
  formatCardNumber,
  isDeclineCode,
  isExpired,
  passesLuhn,
  savedCardLabel,
} from './payment-card.ts';

const NOW = new Date('2026-11-15T12:00:00Z');

describe('passesLuhn', () => {
  it('accepts numbers whose check digit is right', () => {
    for (const number of ['4242424242424242', '378282246310005', '6011111111111117', '79927398713']) {
      expect(passesLuhn(number)).toBe(true);
    }
  });

  it('refuses a changed digit, a swapped pair, non-digits and too little', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242424224')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
    expect(passesLuhn('0')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('cardNumberDigits', () => {
  it('drops the spaces and dashes a shopper types, and refuses anything else', () => {
    expect(cardNumberDigits(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
    expect(cardNumberDigits('4242o42424242424')).toBeNull();
    expect(cardNumberDigits('')).toBeNull();
  });
});

describe('detectCardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
  ] as const)('tells %s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it('tells the brand from the first digits a shopper types, once only one network fits', () => {
    expect(detectCardBrand('4')).toBe('visa');
    expect(detectCardBrand('5')).toBe('mastercard');
    expect(detectCardBrand('22')).toBe('mastercard');
    expect(detectCardBrand('34')).toBe('amex');
    expect(detectCardBrand('62')).toBe('unionpay');
    expect(detectCardBrand('601')).toBe('discover');
    expect(detectCardBrand('353')).toBe('jcb');
    // 3 could be American Express, Diners Club or JCB; 6 Discover or UnionPay.
    expect(detectCardBrand('3')).toBeNull();
    expect(detectCardBrand('6')).toBeNull();
  });

  it('knows no brand for other numbers or none', () => {
    expect(detectCardBrand('9999999999999995')).toBeNull();
    expect(detectCardBrand('1')).toBeNull();
    expect(detectCardBrand('')).toBeNull();
  });
});

describe('cvcLength', () => {
  it('is four digits for American Express, three for the others', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(cvcLength('discover')).toBe(3);
  });
});

describe('isExpired', () => {
  it('keeps a card good through the last day of its month', () => {
    expect(isExpired(11, 2026, NOW)).toBe(false);
    expect(isExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(isExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isExpired(10, 2026, NOW)).toBe(true);
    expect(isExpired(1, 2027, NOW)).toBe(false);
  });
});

describe('checkCardDetails', () => {
  const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

  it('passes a good card with its digits and brand, and reads a two-digit year', () => {
    expect(checkCardDetails(visa, NOW)).toEqual({
      ok: true,
      digits: '4242424242424242',
      brand: 'visa',
      expMonth: 12,
      expYear: 2030,
    });
    expect(checkCardDetails({ ...visa, expYear: 30 }, NOW)).toMatchObject({ ok: true, expYear: 2030 });
    expect(checkCardDetails({ number: '378282246310005', expMonth: 1, expYear: 2027, cvc: '1234' }, NOW)).toMatchObject(
      { ok: true, brand: 'amex' },
    );
  });

  it('refuses a number that fails Luhn, has letters, is of no known network or of a wrong length', () => {
    expect(checkCardDetails({ ...visa, number: '4242424242424241' }, NOW)).toEqual({
      ok: false,
      field: 'number',
      code: 'incorrect_number',
      message: MESSAGES.cardNumberIncorrect,
    });
    expect(checkCardDetails({ ...visa, number: '42424242x4242424' }, NOW)).toMatchObject({
      field: 'number',
      code: 'incorrect_number',
    });
    expect(checkCardDetails({ ...visa, number: '9999999999999995' }, NOW)).toMatchObject({
      field: 'number',
      code: 'card_not_supported',
    });
    // 424242424242426 passes Luhn, but a Visa number has 13, 16 or 19 digits.
    expect(checkCardDetails({ ...visa, number: '424242424242426' }, NOW)).toMatchObject({
      field: 'number',
      code: 'incorrect_number',
    });
  });

  it('refuses a month outside 1-12, a past month and a year too far ahead', () => {
    for (const expMonth of [0, 13, 1.5]) {
      expect(checkCardDetails({ ...visa, expMonth }, NOW)).toMatchObject({ field: 'expiry', code: 'invalid_expiry' });
    }
    expect(checkCardDetails({ ...visa, expMonth: 10, expYear: 2026 }, NOW)).toMatchObject({
      field: 'expiry',
      code: 'expired_card',
      message: MESSAGES.cardExpired,
    });
    expect(checkCardDetails({ ...visa, expMonth: 11, expYear: 2026 }, NOW)).toMatchObject({ ok: true });
    expect(checkCardDetails({ ...visa, expYear: 2047 }, NOW)).toMatchObject({
      field: 'expiry',
      code: 'invalid_expiry',
    });
  });

  it('wants three CVC digits, four for American Express', () => {
    expect(checkCardDetails({ ...visa, cvc: '12' }, NOW)).toMatchObject({ field: 'cvc', code: 'invalid_cvc' });
    expect(checkCardDetails({ ...visa, cvc: '1234' }, NOW)).toMatchObject({ field: 'cvc', code: 'invalid_cvc' });
    expect(checkCardDetails({ ...visa, cvc: '12a' }, NOW)).toMatchObject({ field: 'cvc', code: 'invalid_cvc' });
    const amex = { number: '378282246310005', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(checkCardDetails(amex, NOW)).toMatchObject({
      field: 'cvc',
      code: 'invalid_cvc',
      message: MESSAGES.cardCvcInvalid,
    });
  });

  it('never puts the card number in its answer', () => {
    const answer = checkCardDetails({ ...visa, number: '4242424242424241' }, NOW);
    expect(JSON.stringify(answer)).not.toContain('4242424242424241');
  });
});

describe('decline messages', () => {
  it('has a shopper text for every code, and the plain decline for lost and stolen cards', () => {
    for (const code of DECLINE_CODES) expect(declineMessage(code)).toBeTruthy();
    expect(declineMessage('insufficient_funds')).toBe(MESSAGES.cardInsufficientFunds);
    expect(declineMessage('lost_card')).toBe(MESSAGES.cardDeclined);
    expect(declineMessage('stolen_card')).toBe(MESSAGES.cardDeclined);
  });

  it('tells a decline code from any other text', () => {
    expect(isDeclineCode('insufficient_funds')).toBe(true);
    expect(isDeclineCode('generic_decline')).toBe(false);
    expect(isDeclineCode('toString')).toBe(false);
  });
});

describe('cardBrandName and savedCardLabel', () => {
  it('name a gateway’s brand as the shop does, and a brand it does not know as it came', () => {
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('Visa')).toBe('Visa');
    expect(cardBrandName('toString')).toBe('toString');
  });

  it('name a saved card with its last four and a two-digit expiry', () => {
    expect(savedCardLabel({ brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2029 })).toBe(
      'Visa ending in 4242, expires 03/29',
    );
    expect(savedCardLabel({ brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2105 })).toBe(
      'Mastercard ending in 4444, expires 12/05',
    );
  });
});

describe('formatCardNumber', () => {
  it('groups a number in fours as it is typed', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
  });

  it('groups American Express 4-6-5 and a 14-digit Diners Club 4-6-4, as the cards print them', () => {
    expect(formatCardNumber('37828224631')).toBe('3782 822463 1');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
  });

  it('stops at the longest number of any network', () => {
    expect(formatCardNumber('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
  });
});
