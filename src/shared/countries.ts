/**
 * The three regional stores of spec section 3 (Country option) and the browser-language check that offers
 * the Australian or New Zealand store (spec 2.4 and 4). This site is the US store; the other stores are
 * wherever the merchant runs them, so their addresses come from configuration (STORE_URL_AU, STORE_URL_NZ).
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

/** The other stores' addresses as configured; a store with none is not offered. */
export type RegionalStoreUrls = Partial<Record<RegionalStoreCode, string>>;

const STORES: readonly { code: StoreCode; countryCode: string; name: string }[] = [
  { code: 'en-us', countryCode: 'US', name: 'United States' },
  { code: 'en-au', countryCode: 'AU', name: 'Australia' },
  { code: 'en-nz', countryCode: 'NZ', name: 'New Zealand' },
];

export const isStoreCode = (value: unknown): value is StoreCode => (STORE_CODES as readonly unknown[]).includes(value);

/**
 * The stores a shopper can go to: this site (always, at its own origin) and each other store whose address is
 * configured. A store with no address is left out rather than linked to a host that is not there.
 */
export function storeCountries(publicUrl: string, regionalUrls: RegionalStoreUrls): Country[] {
  return STORES.flatMap((store) => {
    const url = store.code === HOME_STORE_CODE ? new URL(publicUrl).origin : regionalUrls[store.code];
    return url ? [{ ...store, url }] : [];
  });
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
