/**
 * The address checks that need nothing beyond the reference lists: the country and region against the lists,
 * the shape of a ZIP code or a Canadian postal code and the province that postal code's first letter names,
 * and the phone number's digits. Each returns the message to show, or null. Whether a ZIP code belongs to its
 * state needs the ZIP data, which only the server loads (src/server/addresses/validate-address.ts).
 */
import { findRegion, isCountryCode, regionsOf } from './address-lists.ts';
import { normalizeCaPostalCode, normalizeUsZip } from './address-normalise.ts';
import { MESSAGES } from './messages.ts';

/** The provinces whose postal codes start with each letter (Canada Post's first-letter districts). */
const CA_POSTAL_LETTER_PROVINCES: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/** A phone number's digits: E.164 allows at most 15; fewer than 7 reach no one. */
const PHONE_MIN_DIGITS = 7;
const PHONE_MAX_DIGITS = 15;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** The province codes a Canadian postal code can belong to, by its first letter. */
export function caPostalCodeProvinces(postalCode: string): readonly string[] {
  return CA_POSTAL_LETTER_PROVINCES[postalCode.trim().charAt(0).toUpperCase()] ?? [];
}

export function countryProblem(country: string): string | null {
  return isCountryCode(country) ? null : MESSAGES.countryNotListed;
}

/** The region is required for every country, and must be on the list where the country has one. */
export function regionProblem(country: string, region: string): string | null {
  if (!region.trim()) return MESSAGES.stateRequired;
  if (!regionsOf(country) || findRegion(country, region)) return null;
  return country === 'CA' ? MESSAGES.provinceNotListed : MESSAGES.stateNotListed;
}

/**
 * The postcode is required; a US one is a ZIP code of 5 or 9 digits, a Canadian one a postal code of the
 * province chosen. Other countries' postcodes are free text.
 */
export function postcodeFormatProblem(country: string, postcode: string, region: string): string | null {
  if (!postcode.trim()) return MESSAGES.zipCodeRequired;
  if (country === 'US') return normalizeUsZip(postcode) ? null : MESSAGES.zipCodeInvalid;
  if (country !== 'CA') return null;
  const postalCode = normalizeCaPostalCode(postcode);
  if (!postalCode) return MESSAGES.postalCodeInvalid;
  const province = findRegion('CA', region);
  return province && !caPostalCodeProvinces(postalCode).includes(province.code)
    ? MESSAGES.postalCodeNotInProvince(postalCode, province.name)
    : null;
}

/** The phone is required only when the form asks for it; a given one has 7 to 15 digits. */
export function phoneProblem(phone: string, required: boolean): string | null {
  if (!phone.trim()) return required ? MESSAGES.phoneRequired : null;
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(phone.trim()) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS
    ? null
    : MESSAGES.phoneInvalid;
}
