import { describe, expect, it } from 'vitest';
import {
  email,
  isValidEmail,
  maxLength,
  maxValue,
  minLength,
  minValue,
  required,
  sameAs,
  validate,
} from './validators.ts';

describe('required', () => {
  it('rejects missing and blank values with the spec message', () => {
    for (const value of [undefined, null, '', '   ', []]) expect(required(value)).toBe('Value is required');
  });

  it('accepts anything present, false and zero included', () => {
    for (const value of ['a', ' a ', 0, false, ['x'], { a: 1 }]) expect(required(value)).toBeNull();
  });
});

describe('email', () => {
  it('accepts ordinary addresses, surrounding spaces trimmed', () => {
    for (const value of ['shopper@example.com', 'first.last+tag@mail.example.co.uk', ' a@b.io ', 'o\'neil@example.org']) {
      expect(email(value)).toBeNull();
    }
  });

  it('rejects malformed addresses with the spec message', () => {
    for (const value of ['shopper', 'shopper@', '@example.com', 'a@b', 'a@b.c', 'a b@example.com', 'a..b@example.com', 'a@-b.com', 'a@b.com.']) {
      expect(email(value)).toBe('Value is not a valid email address');
    }
  });

  it('leaves emptiness to required', () => {
    expect(email('')).toBeNull();
    expect(validate('', [required, email])).toBe('Value is required');
  });

  it('refuses addresses longer than SMTP carries', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`)).toBe(false);
  });
});

describe('length rules', () => {
  it('bounds the length with the spec messages', () => {
    expect(minLength(8)('short')).toBe('This field should be at least 8 characters long');
    expect(minLength(5)('exact')).toBeNull();
    expect(maxLength(3)('four')).toBe('The maximum length allowed is 3');
    expect(maxLength(4)('four')).toBeNull();
    expect(minLength(2)([1])).toBe('This field should be at least 2 characters long');
  });

  it('pass empty values', () => {
    expect(minLength(3)('')).toBeNull();
    expect(maxLength(3)(null)).toBeNull();
  });
});

describe('value rules', () => {
  it('bounds numbers and numeric strings with the spec messages', () => {
    expect(minValue(1)(0)).toBe('The minimum value allowed is 1');
    expect(minValue(1)('1')).toBeNull();
    expect(maxValue(30)(31)).toBe('The maximum value allowed is 30');
    expect(maxValue(30)('30')).toBeNull();
  });

  it('fails text that is not a number, passes empty values', () => {
    expect(minValue(1)('abc')).toBe('The minimum value allowed is 1');
    expect(maxValue(9)('1 0')).toBe('The maximum value allowed is 9');
    expect(minValue(1)('')).toBeNull();
  });
});

describe('sameAs', () => {
  it('compares with the other field and names it in the message', () => {
    expect(sameAs('password', 'secret1')('secret1')).toBeNull();
    expect(sameAs('password', 'secret1')('secret2')).toBe('The value must be equal to the password value');
  });
});

describe('validate', () => {
  it('returns the first broken rule', () => {
    expect(validate('ab', [required, minLength(3), maxLength(1)])).toBe('This field should be at least 3 characters long');
    expect(validate('abcd', [required, minLength(3)])).toBeNull();
  });
});
