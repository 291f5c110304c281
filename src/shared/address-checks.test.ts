import { describe, expect, it } from 'vitest';
import {
  caPostalCodeProvinces,
  countryProblem,
  phoneProblem,
  postcodeFormatProblem,
  regionProblem,
} from './address-checks.ts';
import { normalizeCaPostalCode, normalizeUsZip } from './address-normalise.ts';
import { MESSAGES } from './messages.ts';

describe('ZIP codes', () => {
  it('reads 5 or 9 digits, with or without the dash', () => {
    expect(normalizeUsZip('90210')).toBe('90210');
    expect(normalizeUsZip(' 90210-1234 ')).toBe('90210-1234');
    expect(normalizeUsZip('902101234')).toBe('90210-1234');
    expect(normalizeUsZip('90210 1234')).toBe('90210-1234');
  });

  it('refuses anything else', () => {
    for (const value of ['9021', '902101', '90210-123', 'ABCDE', '90210-', '', '９０２１０'])
      expect(normalizeUsZip(value)).toBeNull();
  });
});

describe('Canadian postal codes', () => {
  it('reads A1A 1A1 in any case, with or without the space', () => {
    expect(normalizeCaPostalCode('k1a0b1')).toBe('K1A 0B1');
    expect(normalizeCaPostalCode(' V6B 4Y8 ')).toBe('V6B 4Y8');
  });

  it('refuses letters Canada Post never uses', () => {
    expect(normalizeCaPostalCode('W1A 0B1')).toBeNull();
    expect(normalizeCaPostalCode('K1D 0B1')).toBeNull();
    expect(normalizeCaPostalCode('K1A 0O1')).toBeNull();
    expect(normalizeCaPostalCode('12345')).toBeNull();
  });

  it('names the provinces of the first letter', () => {
    expect(caPostalCodeProvinces('K1A 0B1')).toEqual(['ON']);
    expect(caPostalCodeProvinces('h2x 1y4')).toEqual(['QC']);
    expect(caPostalCodeProvinces('X0A 0H0')).toEqual(['NT', 'NU']);
    expect(caPostalCodeProvinces('')).toEqual([]);
  });
});

describe('countryProblem and regionProblem', () => {
  it('wants a listed country', () => {
    expect(countryProblem('US')).toBeNull();
    expect(countryProblem('XX')).toBe(MESSAGES.countryNotListed);
  });

  it('wants a region, from the list where the country has one', () => {
    expect(regionProblem('US', '')).toBe('State required');
    expect(regionProblem('AU', ' ')).toBe('State required');
    expect(regionProblem('US', 'NY')).toBeNull();
    expect(regionProblem('US', 'PR')).toBe(MESSAGES.stateNotListed);
    expect(regionProblem('CA', 'ON')).toBeNull();
    expect(regionProblem('CA', 'NY')).toBe(MESSAGES.provinceNotListed);
    expect(regionProblem('AU', 'New South Wales')).toBeNull();
  });
});

describe('postcodeFormatProblem', () => {
  it('wants a postcode for every country', () => {
    expect(postcodeFormatProblem('US', '', 'NY')).toBe('Zip code required');
    expect(postcodeFormatProblem('GB', '  ', '')).toBe('Zip code required');
  });

  it('wants a ZIP code of 5 or 9 digits in the US', () => {
    expect(postcodeFormatProblem('US', '10001', 'NY')).toBeNull();
    expect(postcodeFormatProblem('US', '1000', 'NY')).toBe(MESSAGES.zipCodeInvalid);
  });

  it('wants a Canadian postal code of the chosen province', () => {
    expect(postcodeFormatProblem('CA', 'K1A 0B1', 'ON')).toBeNull();
    expect(postcodeFormatProblem('CA', 'K1A 0B1', 'BC')).toBe(
      MESSAGES.postalCodeNotInProvince('K1A 0B1', 'British Columbia'),
    );
    expect(postcodeFormatProblem('CA', '90210', 'ON')).toBe(MESSAGES.postalCodeInvalid);
  });

  it("takes other countries' postcodes as they are", () => {
    expect(postcodeFormatProblem('GB', 'SW1A 1AA', 'London')).toBeNull();
    expect(postcodeFormatProblem('AU', '2000', 'NSW')).toBeNull();
  });
});

describe('phoneProblem', () => {
  it('wants a phone only when the form asks for one', () => {
    expect(phoneProblem('', false)).toBeNull();
    expect(phoneProblem(' ', true)).toBe('Phone required');
  });

  it('wants 7 to 15 digits in the usual punctuation', () => {
    expect(phoneProblem('(212) 555-0100', true)).toBeNull();
    expect(phoneProblem('+44 20 7946 0958', false)).toBeNull();
    expect(phoneProblem('555-01', false)).toBe(MESSAGES.phoneInvalid);
    expect(phoneProblem('1234567890123456', false)).toBe(MESSAGES.phoneInvalid);
    expect(phoneProblem('call me maybe 5550100', false)).toBe(MESSAGES.phoneInvalid);
  });
});
