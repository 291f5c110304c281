/**
 * The local storage keys of spec section 3. The spec spells three of them (etk-gift-card, etk-user,
 * {brand}-utm); the others carry the brand as prefix the same way, so two shops on one host never mix.
 */
export const USER_STORAGE_KEY = 'etk-user';
export const GIFT_CARD_STORAGE_KEY = 'etk-gift-card';

export const storageKeys = (brand: string) =>
  ({
    cart: `${brand}-cart`,
    countrySelect: `${brand}-country-select`,
    darkMode: `${brand}-dark-mode`,
    easterEggs: `${brand}-easter-eggs`,
    apiVersion: `${brand}-api-version`,
    recentSearches: `${brand}-recent-searches`,
    giftCard: GIFT_CARD_STORAGE_KEY,
    user: USER_STORAGE_KEY,
    utm: `${brand}-utm`,
    consent: `${brand}-consent`,
  }) as const;

export type StorageKeys = ReturnType<typeof storageKeys>;
