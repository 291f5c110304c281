import { describe, expect, it } from 'vitest';
import { homeCountry, isStoreCode, parseIgnoreFlag, promptedStoreCode, storeCountries } from './countries.ts';

describe('storeCountries', () => {
  it('lists the three stores, the US one being this site', () => {
    expect(storeCountries('https://www.shop.example.com/')).toEqual([
      { code: 'en-us', countryCode: 'US', name: 'United States', url: 'https://www.shop.example.com' },
      { code: 'en-au', countryCode: 'AU', name: 'Australia', url: 'https://au.shop.example.com' },
      { code: 'en-nz', countryCode: 'NZ', name: 'New Zealand', url: 'https://nz.shop.example.com' },
    ]);
  });

  it('keeps the port of the app host', () => {
    const countries = storeCountries('http://localhost:3000');
    expect(countries.map((country) => country.url)).toEqual(['http://localhost:3000', 'https://au.localhost:3000', 'https://nz.localhost:3000']);
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
