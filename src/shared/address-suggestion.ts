/**
 * Spec section 4, "Address suggestion": a suggestion with more than one entry is a building to drill into;
 * one entry fills the address and marks it validated, and is_validated stays true only while every field the
 * suggestion filled still equals it.
 */
import type { AddressSuggestion } from './address-autocomplete.ts';
import type { CartAddress } from './cart.ts';

/** The fields of an address a shopper types, without its id and validation mark. */
export type AddressFields = Omit<CartAddress, '_id' | 'is_validated'>;

export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'address1',
  'address2',
  'city',
  'region',
  'postcode',
  'phone',
  'country',
] as const satisfies ReadonlyArray<keyof AddressFields>;

/** Whether choosing this suggestion lists a building's units instead of filling the address. */
export const drillsIntoUnits = (suggestion: AddressSuggestion) => suggestion.entries > 1;

/** The address a suggestion fills: street, unit, city, state and ZIP code in the US, the rest kept; validated. */
export function fillFromSuggestion(address: CartAddress, suggestion: AddressSuggestion): CartAddress {
  return {
    ...address,
    country: 'US',
    address1: suggestion.street_line,
    address2: suggestion.secondary,
    city: suggestion.city,
    region: suggestion.state,
    postcode: suggestion.zipcode,
    is_validated: true,
  };
}

/** Whether every field a suggestion fills still holds what it filled. */
export function matchesSuggestion(address: CartAddress, suggestion: AddressSuggestion): boolean {
  const filled = fillFromSuggestion(address, suggestion);
  return ADDRESS_FIELDS.every((field) => address[field] === filled[field]);
}

/** An edited address keeps its validation mark only while it still equals the chosen suggestion. */
export function withValidation(address: CartAddress, chosen: AddressSuggestion | null): CartAddress {
  const validated = chosen !== null && matchesSuggestion(address, chosen);
  return address.is_validated === validated ? address : { ...address, is_validated: validated };
}

/** Whether two addresses differ in a field the shopper typed (the id and validation mark aside). */
export const addressChanged = (before: CartAddress, after: CartAddress) =>
  ADDRESS_FIELDS.some((field) => before[field] !== after[field]);
