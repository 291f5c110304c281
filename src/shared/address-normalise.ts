/**
 * The one tidy-up every address gets before the shop prices, checks or stores it: text trimmed, the country
 * and a US state or Canadian province code upper-cased, and the postcode in its country's form. A bag sent
 * with country "us" is then priced, taxed and shipped exactly as one with "US".
 */

/** 12345, 12345-6789, 12345 6789 or 123456789. */
const US_ZIP = /^(\d{5})(?:[- ]?(\d{4}))?$/;
/** A1A 1A1: D, F, I, O, Q and U never appear, nor W or Z in first place. */
const CA_POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/** The ZIP code as 12345 or 12345-6789, or null when it is not 5 or 9 digits. */
export function normalizeUsZip(value: string): string | null {
  const match = US_ZIP.exec(value.trim());
  if (!match?.[1]) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}

/** The postal code as A1A 1A1, or null when it is not one. */
export function normalizeCaPostalCode(value: string): string | null {
  const match = CA_POSTAL_CODE.exec(value.trim().toUpperCase());
  return match ? `${match[1]} ${match[2]}` : null;
}

/** The fields of an address the shop reads; an address may carry others (_id, is_validated), kept as they are. */
export interface AddressFields {
  country: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  region: string;
  postcode: string;
  phone: string;
}

/** Countries whose region is a code from the reference lists rather than free text. */
const CODED_REGIONS = new Set(['US', 'CA']);

/** Only the address's fields, normalised. */
export function normaliseAddressFields(address: AddressFields): AddressFields {
  const country = address.country.trim().toUpperCase();
  const region = address.region.trim();
  const postcode = address.postcode.trim();
  return {
    country,
    first_name: address.first_name.trim(),
    last_name: address.last_name.trim(),
    address1: address.address1.trim(),
    address2: address.address2.trim(),
    city: address.city.trim(),
    region: CODED_REGIONS.has(country) ? region.toUpperCase() : region,
    postcode:
      (country === 'US' ? normalizeUsZip(postcode) : country === 'CA' ? normalizeCaPostalCode(postcode) : null) ??
      postcode,
    phone: address.phone.trim(),
  };
}

/** The address with its fields normalised and whatever else it carries kept. */
export const normaliseAddress = <Address extends AddressFields>(address: Address): Address => ({
  ...address,
  ...normaliseAddressFields(address),
});
