import { describe, expect, it } from 'vitest';
import { formatPhone, phoneToKeep } from './phone.ts';

describe('formatPhone', () => {
  it('groups a US number as far as it is typed', () => {
    expect(formatPhone('', 'US')).toBe('');
    expect(formatPhone('5', 'US')).toBe('(5');
    expect(formatPhone('555', 'US')).toBe('(555');
    expect(formatPhone('5555', 'US')).toBe('(555) 5');
    expect(formatPhone('555555', 'US')).toBe('(555) 555');
    expect(formatPhone('5555550', 'US')).toBe('(555) 555-0');
    expect(formatPhone('5555550100', 'US')).toBe('(555) 555-0100');
  });

  it('reads a US number however it was written, with or without the country code', () => {
    expect(formatPhone('555.555.0100', 'US')).toBe('(555) 555-0100');
    expect(formatPhone('+1 (555) 555-0100', 'US')).toBe('(555) 555-0100');
    expect(formatPhone('55555501009', 'US')).toBe('(555) 555-0100');
  });

  it('leaves another country’s number as typed', () => {
    expect(formatPhone('+44 20 7946 0958', 'GB')).toBe('+44 20 7946 0958');
  });
});

describe('phoneToKeep', () => {
  it('keeps a US number’s ten digits and another country’s number as typed', () => {
    expect(phoneToKeep('(303) 555-0142', 'US')).toBe('3035550142');
    expect(phoneToKeep('1-303-555-0142', 'US')).toBe('3035550142');
    expect(phoneToKeep('+44 20 7946 0958', 'GB')).toBe('+44 20 7946 0958');
  });
});
