/**
 * The three regional stores of spec section 3 (Country option) and the browser-language check that offers
 * the Australian or New Zealand store (spec 2.4 and 4). This site is the US store; the regional stores
 * live on subdomains of its host.
 */
import { STORE_CODES } from './constants.ts';

export type StoreCode = (typeof STORE_CODES)[number];

export interface Country {
  code: StoreCode;
  countryCode: string;
  name: string;
  url: string;
}

/** The store this site is. */
export const HOME_STORE_CODE = 'en-us' satisfies StoreCode;

/** The stores a browser's language can be offered. */
export type RegionalStoreCode = Exclude<StoreCode, typeof HOME_STORE_CODE>;

const STORES: readonly { code: StoreCode; countryCode: string; name: string; subdomain: string | null }[] = [
  { code: 'en-us', countryCode: 'US', name: 'United States', subdomain: null },
  { code: 'en-au', countryCode: 'AU', name: 'Australia', subdomain: 'au' },
  { code: 'en-nz', countryCode: 'NZ', name: 'New Zealand', subdomain: 'nz' },
];

export const isStoreCode = (value: unknown): value is StoreCode => (STORE_CODES as readonly unknown[]).includes(value);

/** The stores, with this site's origin for the US store and https://au.{host} and https://nz.{host} for the others. */
export function storeCountries(publicUrl: string): Country[] {
  const { origin, host } = new URL(publicUrl);
  const baseHost = host.replace(/^www\./, '');
  return STORES.map(({ subdomain, ...store }) => ({
    ...store,
    url: subdomain === null ? origin : `https://${subdomain}.${baseHost}`,
  }));
}

export function homeCountry(countries: readonly Country[]): Country | undefined {
  return countries.find((country) => country.code === HOME_STORE_CODE);
}

/**
 * The regional store to offer a browser, from its preferred languages in order: the first en-AU or en-NZ
 * (any case) wins; null when neither is listed.
 */
export function promptedStoreCode(languages: readonly string[]): RegionalStoreCode | null {
  for (const language of languages) {
    const code = language.trim().toLowerCase();
    if (code === 'en-au' || code === 'en-nz') return code;
  }
  return null;
}

/** The persisted ignore flag: only a stored true counts. */
export const parseIgnoreFlag = (raw: unknown): boolean | undefined => (typeof raw === 'boolean' ? raw : undefined);
