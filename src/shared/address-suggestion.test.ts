import { describe, expect, it } from 'vitest';
import type { AddressSuggestion } from './address-autocomplete.ts';
import {
  addressChanged,
  drillsIntoUnits,
  fillFromSuggestion,
  matchesSuggestion,
  withValidation,
} from './address-suggestion.ts';
import { emptyAddress, type CartAddress } from './cart.ts';

const suggestion: AddressSuggestion = {
  street_line: '123 Main St',
  secondary: 'Apt 4',
  entries: 1,
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
};
const typed: CartAddress = {
  ...emptyAddress(),
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '123 Ma',
  phone: '555 0100',
};

describe('address suggestions (spec 4)', () => {
  it('drill into a building of several units, and fill the address from a single entry', () => {
    expect(drillsIntoUnits({ ...suggestion, entries: 12, secondary: 'Apt' })).toBe(true);
    expect(drillsIntoUnits(suggestion)).toBe(false);
    expect(drillsIntoUnits({ ...suggestion, entries: 0, secondary: '' })).toBe(false);
    expect(fillFromSuggestion(typed, suggestion)).toEqual({
      ...typed,
      country: 'US',
      address1: '123 Main St',
      address2: 'Apt 4',
      city: 'Springfield',
      region: 'IL',
      postcode: '62701',
      is_validated: true,
    });
  });

  it('keep is_validated only while every field equals the chosen suggestion', () => {
    const filled = fillFromSuggestion(typed, suggestion);
    expect(matchesSuggestion(filled, suggestion)).toBe(true);
    expect(withValidation({ ...filled, first_name: 'Grace' }, suggestion).is_validated).toBe(true);
    for (const change of [
      { address1: '124 Main St' },
      { address2: '' },
      { city: 'Chicago' },
      { region: 'IN' },
      { postcode: '62702' },
      { country: 'CA' },
    ]) {
      expect(withValidation({ ...filled, ...change }, suggestion).is_validated).toBe(false);
    }
    expect(withValidation({ ...filled, city: 'Chicago' }, null).is_validated).toBe(false);
    expect(withValidation(filled, null).is_validated).toBe(false);
  });

  it('tell an address change from the same address', () => {
    expect(addressChanged(typed, { ...typed, is_validated: true, _id: 'a1' })).toBe(false);
    expect(addressChanged(typed, { ...typed, postcode: '10001' })).toBe(true);
  });
});
