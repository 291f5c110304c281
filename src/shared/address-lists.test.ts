import { describe, expect, it } from 'vitest';
import {
  CA_PROVINCES,
  COUNTRY_NAMES,
  countryName,
  countryOptions,
  findRegion,
  isCountryCode,
  regionsOf,
  US_STATES,
} from './address-lists.ts';

describe('countries', () => {
  it('names every ISO 3166-1 country by its two-letter code', () => {
    expect(Object.keys(COUNTRY_NAMES)).toHaveLength(249);
    expect(Object.keys(COUNTRY_NAMES).every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(countryName('US')).toBe('United States');
    expect(countryName('CA')).toBe('Canada');
    expect(countryName('NZ')).toBe('New Zealand');
    expect(countryName('GB')).toBe('United Kingdom');
  });

  it('knows only assigned codes, in capitals', () => {
    expect(isCountryCode('AU')).toBe(true);
    expect(isCountryCode('au')).toBe(false);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
    expect(isCountryCode('toString')).toBe(false);
    expect(countryName('ZZ')).toBeNull();
  });

  it('offers the countries by name', () => {
    const names = countryOptions().map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryOptions()).toHaveLength(249);
    expect(countryOptions()[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
  });
});

describe('US states', () => {
  it('lists the 50 states and DC, and no territory', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(51);
    expect(findRegion('US', 'DC')?.name).toBe('District of Columbia');
    expect(findRegion('US', 'CA')?.name).toBe('California');
    for (const territory of ['PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP'])
      expect(findRegion('US', territory)).toBeNull();
  });
});

describe('Canadian provinces', () => {
  it('lists the ten provinces and three territories', () => {
    expect(CA_PROVINCES.map((province) => province.code)).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NT',
      'NS',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
    expect(findRegion('CA', 'QC')?.name).toBe('Quebec');
  });
});

describe('regionsOf', () => {
  it('gives states for the US, provinces for Canada and free text elsewhere', () => {
    expect(regionsOf('US')).toBe(US_STATES);
    expect(regionsOf('CA')).toBe(CA_PROVINCES);
    expect(regionsOf('AU')).toBeNull();
    expect(findRegion('AU', 'NSW')).toBeNull();
    expect(findRegion('CA', 'NY')).toBeNull();
  });
});
