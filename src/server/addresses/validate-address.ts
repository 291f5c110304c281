/**
 * The server's check of an address a shopper typed or picked (spec sections 2.4 and 5): the fields trimmed,
 * the required ones present with the spec's messages, each within its length, the country and the US state or
 * Canadian province from the reference lists, the postcode's shape, and a US ZIP code that belongs to the
 * state. A suggestion's address passes the same checks: is_validated is the browser's claim, not a proof.
 */
import { countryProblem, phoneProblem, postcodeFormatProblem, regionProblem } from '../../shared/address-checks.ts';
import { normaliseAddressFields, normalizeUsZip } from '../../shared/address-normalise.ts';
import { findRegion } from '../../shared/address-lists.ts';
import type { CartAddress } from '../../shared/cart.ts';
import { ADDRESS_FIELD_MAX_LENGTH } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { addressSchema, checkForm } from '../../shared/validators.ts';
import { usZipCodes, type UsZipCodes } from './us-zip-codes.ts';

export type AddressField =
  'country' | 'first_name' | 'last_name' | 'address1' | 'address2' | 'city' | 'region' | 'postcode' | 'phone';

export type AddressFieldErrors = Partial<Record<AddressField, string>>;

/** The fields of the cart's address that are checked (not its _id or is_validated). */
export type AddressInput = Pick<CartAddress, AddressField>;

export interface ValidateAddressOptions {
  /** The form's phone option: the phone is required only when it is on. */
  phoneRequired?: boolean;
  /** The ZIP data; the shipped one by default. */
  zipCodes?: UsZipCodes;
}

export type AddressValidation = { ok: true; address: AddressInput } | { ok: false; errors: AddressFieldErrors };

/** A US ZIP code that is not one of its state's, or null; other countries' codes are not checked here. */
export function zipStateProblem(
  country: string,
  postcode: string,
  region: string,
  zipCodes: UsZipCodes = usZipCodes(),
): string | null {
  const state = findRegion(country, region);
  const zip = normalizeUsZip(postcode);
  if (country !== 'US' || !state || !zip || zipCodes.isInState(zip, state.code)) return null;
  return MESSAGES.zipCodeNotInState(zip, state.name);
}

export function validateAddress(input: AddressInput, options: ValidateAddressOptions = {}): AddressValidation {
  const address = normaliseAddressFields(input);
  const errors: AddressFieldErrors = {};
  const note = (field: AddressField, problem: string | null) => {
    if (problem !== null && errors[field] === undefined) errors[field] = problem;
  };
  for (const field of Object.keys(ADDRESS_FIELD_MAX_LENGTH) as (keyof typeof ADDRESS_FIELD_MAX_LENGTH)[]) {
    const max = ADDRESS_FIELD_MAX_LENGTH[field];
    note(field, address[field].length > max ? MESSAGES.maxLength(max) : null);
  }
  // The shared form schema says which fields are required, with the spec's messages.
  const required = checkForm(addressSchema({ phone: options.phoneRequired ?? false }), address);
  if (!required.ok) {
    for (const [field, message] of Object.entries(required.errors)) note(field as AddressField, message);
  }
  note('country', address.country ? countryProblem(address.country) : MESSAGES.valueRequired);
  note('region', regionProblem(address.country, address.region));
  note('postcode', postcodeFormatProblem(address.country, address.postcode, address.region));
  if (!errors.postcode && !errors.region)
    note('postcode', zipStateProblem(address.country, address.postcode, address.region, options.zipCodes));
  note('phone', phoneProblem(address.phone, options.phoneRequired ?? false));
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, address };
}
