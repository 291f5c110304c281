import { describe, expect, it } from 'vitest';
import { homeCountry, isStoreCode, parseIgnoreFlag, promptedStoreCode, storeCountries } from './countries.ts';

describe('storeCountries', () => {
  it('lists this store at its origin and the other stores at their configured addresses', () => {
    expect(
      storeCountries('https://www.shop.example.com/', {
        'en-au': 'https://shop.example.com.au',
        'en-nz': 'https://shop.example.co.nz',
      }),
    ).toEqual([
      { code: 'en-us', countryCode: 'US', name: 'United States', url: 'https://www.shop.example.com' },
      { code: 'en-au', countryCode: 'AU', name: 'Australia', url: 'https://shop.example.com.au' },
      { code: 'en-nz', countryCode: 'NZ', name: 'New Zealand', url: 'https://shop.example.co.nz' },
    ]);
  });

  it('leaves out a store with no address, never making one up from this host; this store always shows', () => {
    const countries = storeCountries('http://127.0.0.1:3401', { 'en-nz': 'https://nz.shop.example' });
    expect(countries.map((country) => country.url)).toEqual(['http://127.0.0.1:3401', 'https://nz.shop.example']);
    expect(storeCountries('http://localhost:3000', {}).map((country) => country.code)).toEqual(['en-us']);
    expect(homeCountry(countries)?.name).toBe('United States');
  });
});

describe('promptedStoreCode', () => {
  it('offers the regional store of the first matching language, any case', () => {
    expect(promptedStoreCode(['en-NZ', 'en'])).toBe('en-nz');
    expect(promptedStoreCode(['fr-FR', 'en-AU', 'en-NZ'])).toBe('en-au');
  });

  it('offers nothing to other languages', () => {
    expect(promptedStoreCode(['en-US', 'en', 'en-GB'])).toBeNull();
    expect(promptedStoreCode([])).toBeNull();
  });
});

describe('store codes and the ignore flag', () => {
  it('knows the three codes only', () => {
    expect(['en-us', 'en-au', 'en-nz'].every(isStoreCode)).toBe(true);
    expect(isStoreCode('en-gb')).toBe(false);
  });

  it('reads only a boolean flag', () => {
    expect(parseIgnoreFlag(true)).toBe(true);
    expect(parseIgnoreFlag(false)).toBe(false);
    expect(parseIgnoreFlag('yes')).toBeUndefined();
  });
});
