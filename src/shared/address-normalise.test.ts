import { describe, expect, it } from 'vitest';
import { normaliseAddress } from './address-normalise.ts';

const address = {
  _id: 'kept',
  country: ' us ',
  first_name: ' Robin ',
  last_name: 'Shopper ',
  address1: ' 1550 Wewatta Street',
  address2: '',
  city: 'Denver ',
  region: ' co',
  postcode: ' 802021234 ',
  phone: ' 303 555 0142 ',
  is_validated: true,
};

describe('normaliseAddress', () => {
  it('trims, upper-cases the country and a US state, and writes the ZIP code in its form', () => {
    expect(normaliseAddress(address)).toEqual({
      _id: 'kept',
      country: 'US',
      first_name: 'Robin',
      last_name: 'Shopper',
      address1: '1550 Wewatta Street',
      address2: '',
      city: 'Denver',
      region: 'CO',
      postcode: '80202-1234',
      phone: '303 555 0142',
      is_validated: true,
    });
  });

  it('upper-cases a Canadian province and postal code, and leaves a free-text region as written', () => {
    expect(normaliseAddress({ ...address, country: 'ca', region: 'on', postcode: 'k1a0b1' })).toMatchObject({
      country: 'CA',
      region: 'ON',
      postcode: 'K1A 0B1',
    });
    expect(
      normaliseAddress({ ...address, country: 'gb', region: ' Greater London ', postcode: ' SW1A 1AA ' }),
    ).toMatchObject({ country: 'GB', region: 'Greater London', postcode: 'SW1A 1AA' });
  });
});
