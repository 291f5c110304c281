import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { validateAddress, zipStateProblem, type AddressInput } from './validate-address.ts';

const address = (fields: Partial<AddressInput> = {}): AddressInput => ({
  ...emptyAddress(),
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Dr Carlton B Goodlett Pl',
  address2: 'Rm 200',
  city: 'San Francisco',
  region: 'CA',
  postcode: '94102',
  ...fields,
});

describe('validateAddress', () => {
  it('passes a complete US address, trimmed and tidied', () => {
    expect(
      validateAddress(address({ first_name: '  Ada ', region: 'ca', postcode: ' 941024689 ', country: 'us' })),
    ).toEqual({
      ok: true,
      address: {
        country: 'US',
        first_name: 'Ada',
        last_name: 'Lovelace',
        address1: '1 Dr Carlton B Goodlett Pl',
        address2: 'Rm 200',
        city: 'San Francisco',
        region: 'CA',
        postcode: '94102-4689',
        phone: '',
      },
    });
  });

  it("names each required field left empty with the spec's message", () => {
    const result = validateAddress({ ...emptyAddress(), first_name: ' ', address2: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        first_name: 'First Name required',
        last_name: 'Last Name required',
        address1: 'Address required',
        city: 'City required',
        region: 'State required',
        postcode: 'Zip code required',
      },
    });
  });

  it('wants a phone only when the phone option is on', () => {
    expect(validateAddress(address()).ok).toBe(true);
    expect(validateAddress(address(), { phoneRequired: true })).toEqual({
      ok: false,
      errors: { phone: 'Phone required' },
    });
    expect(validateAddress(address({ phone: '415-554-6141' }), { phoneRequired: true }).ok).toBe(true);
    expect(validateAddress(address({ phone: '12' }))).toEqual({ ok: false, errors: { phone: MESSAGES.phoneInvalid } });
  });

  it("catches a ZIP code that is not the state's", () => {
    expect(validateAddress(address({ region: 'NY' }))).toEqual({
      ok: false,
      errors: { postcode: 'The ZIP code 94102 is not in New York.' },
    });
    expect(validateAddress(address({ postcode: '00000' }))).toEqual({
      ok: false,
      errors: { postcode: 'The ZIP code 00000 is not in California.' },
    });
  });

  it('catches a ZIP code of the wrong shape and a state off the list', () => {
    expect(validateAddress(address({ postcode: '9410' }))).toEqual({
      ok: false,
      errors: { postcode: MESSAGES.zipCodeInvalid },
    });
    expect(validateAddress(address({ region: 'PR' }))).toEqual({
      ok: false,
      errors: { region: MESSAGES.stateNotListed },
    });
  });

  it('checks a Canadian province and postal code', () => {
    const ottawa = address({
      country: 'CA',
      address1: '111 Wellington St',
      address2: '',
      city: 'Ottawa',
      region: 'on',
      postcode: 'k1a0a9',
    });
    expect(validateAddress(ottawa)).toMatchObject({ ok: true, address: { region: 'ON', postcode: 'K1A 0A9' } });
    expect(validateAddress({ ...ottawa, region: 'QC' })).toEqual({
      ok: false,
      errors: { postcode: 'The postal code K1A 0A9 is not in Quebec.' },
    });
    expect(validateAddress({ ...ottawa, region: 'NY' })).toEqual({
      ok: false,
      errors: { region: MESSAGES.provinceNotListed },
    });
  });

  it("takes other countries' regions and postcodes as typed", () => {
    const london = address({
      country: 'GB',
      address1: '10 Downing St',
      address2: '',
      city: 'London',
      region: 'Greater London',
      postcode: 'SW1A 2AA',
    });
    expect(validateAddress(london)).toMatchObject({
      ok: true,
      address: { region: 'Greater London', postcode: 'SW1A 2AA' },
    });
  });

  it('wants a listed country', () => {
    expect(validateAddress(address({ country: 'XX' }))).toEqual({
      ok: false,
      errors: { country: MESSAGES.countryNotListed },
    });
    expect(validateAddress(address({ country: '' }))).toMatchObject({
      ok: false,
      errors: { country: 'Value is required' },
    });
  });

  it("bounds every field's length", () => {
    const result = validateAddress(address({ address1: 'x'.repeat(101), city: 'y'.repeat(51) }));
    expect(result).toEqual({ ok: false, errors: { address1: MESSAGES.maxLength(100), city: MESSAGES.maxLength(50) } });
  });
});

describe('zipStateProblem', () => {
  it('checks US ZIP codes against their state only', () => {
    expect(zipStateProblem('US', '10001', 'NY')).toBeNull();
    expect(zipStateProblem('US', '10001', 'NJ')).toBe('The ZIP code 10001 is not in New Jersey.');
    expect(zipStateProblem('US', 'abc', 'NY')).toBeNull();
    expect(zipStateProblem('CA', '10001', 'ON')).toBeNull();
  });
});
