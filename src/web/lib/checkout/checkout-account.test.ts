import { describe, expect, it } from 'vitest';
import type { AccountAddress } from '../../../shared/account-area.ts';
import { emptyAddress, emptyCart } from '../../../shared/cart.ts';
import type { User } from '../../../shared/user.ts';
import { cartAddressOf, savedAddressId, withAccountDefaults } from './checkout-account.ts';

const user: User = { _id: 'customer-demo', username: 'demo@acme.test', first_name: 'Alex', last_name: 'Rivera' };
const saved = (id: string, fields: Partial<AccountAddress>): AccountAddress => ({
  ...emptyAddress(),
  _id: id,
  first_name: 'Alex',
  last_name: 'Rivera',
  address1: `${id} Street`,
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  is_validated: true,
  is_default_shipping: false,
  is_default_billing: false,
  ...fields,
});
const home = saved('home', { is_default_shipping: true, is_default_billing: true });
const work = saved('work', { city: 'Boulder', postcode: '80304' });

describe('withAccountDefaults', () => {
  it('fills an empty checkout with the default shipping address and the sign-in e-mail, billing the same', () => {
    const cart = withAccountDefaults(emptyCart(), [work, home], user);
    expect(cart.shipping_address).toEqual(cartAddressOf(home));
    expect(cart.billing_address_same_as_shipping).toBe(true);
    expect(cart.customer_email).toBe('demo@acme.test');
  });

  it('fills a default billing address of its own and unticks billing same as shipping', () => {
    const cart = withAccountDefaults(
      emptyCart(),
      [
        { ...home, is_default_billing: false },
        { ...work, is_default_billing: true },
      ],
      user,
    );
    expect(cart.shipping_address._id).toBe('home');
    expect(cart.billing_address._id).toBe('work');
    expect(cart.billing_address_same_as_shipping).toBe(false);
  });

  it('fills the name alone when the customer has no address, and never writes over what was typed', () => {
    expect(withAccountDefaults(emptyCart(), [], user).shipping_address).toMatchObject({
      first_name: 'Alex',
      last_name: 'Rivera',
      address1: '',
    });
    const typed = {
      ...emptyCart(),
      customer_email: user.username,
      shipping_address: { ...emptyAddress(), city: 'Austin' },
    };
    expect(withAccountDefaults(typed, [home], user)).toBe(typed);
  });
});

describe('savedAddressId', () => {
  it('names the saved address the form still holds, and none once a field of it changed', () => {
    expect(savedAddressId(cartAddressOf(work), [home, work])).toBe('work');
    expect(savedAddressId({ ...cartAddressOf(work), postcode: '80305' }, [home, work])).toBeNull();
  });
});
