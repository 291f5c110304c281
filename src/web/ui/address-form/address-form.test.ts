import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../../../shared/cart.ts';
import { addressWithTyped } from './address-form.tsx';

describe('addressWithTyped', () => {
  const start = { ...emptyAddress(), first_name: 'Alex', city: 'Denver', is_validated: true };

  it('puts what the shopper typed over the address the form starts with, field by field', () => {
    expect(
      addressWithTyped(start, { city: 'Boulder', postcode: '80304', _id: 'forged', is_validated: 'on', first_name: 7 }),
    ).toEqual({
      ...start,
      city: 'Boulder',
      postcode: '80304',
    });
  });

  it('keeps the address when nothing was typed', () => {
    expect(addressWithTyped(start, undefined)).toBe(start);
    expect(addressWithTyped(start, 'city')).toBe(start);
  });
});
