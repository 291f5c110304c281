/**
 * What a signed-in customer's account brings to checkout: their saved cards and address book, loaded with the
 * page, and the rules that fill an empty checkout from them (the default shipping and billing addresses, the
 * customer's name) without ever writing over what the shopper typed.
 */
import type { AccountAddress, SavedCard } from '../../../shared/account-area.ts';
import { ADDRESS_FIELDS, addressChanged } from '../../../shared/address-suggestion.ts';
import type { Cart, CartAddress } from '../../../shared/cart.ts';
import { isSignedIn, type User } from '../../../shared/user.ts';
import { userStore } from '../user-store.ts';

export interface CheckoutAccountData {
  savedCards: SavedCard[];
  addresses: AccountAddress[];
  /** Whether the session the page was loaded with is signed in. */
  signedIn: boolean;
}

const GUEST: CheckoutAccountData = { savedCards: [], addresses: [], signedIn: false };

/** A guest has no account to load, so a move to checkout asks the server only for a signed-in customer. */
export async function loadCheckoutAccountOnClient(
  serverLoader: () => Promise<CheckoutAccountData>,
): Promise<CheckoutAccountData> {
  return isSignedIn(userStore().get()) ? serverLoader() : GUEST;
}

/** A saved address as the bag keeps one: its fields and id, without the account's default flags. */
export function cartAddressOf(saved: AccountAddress): CartAddress {
  const { is_default_shipping: _shipping, is_default_billing: _billing, ...address } = saved;
  return address;
}

/** The saved address this address still is (none once the shopper changed a field of it). */
export function savedAddressId(address: CartAddress, addresses: readonly AccountAddress[]): string | null {
  return addresses.find((saved) => !addressChanged(cartAddressOf(saved), address))?._id ?? null;
}

/** Nothing typed yet: every field but the country (which has a default) is empty. */
const isBlank = (address: CartAddress) =>
  ADDRESS_FIELDS.every((field) => field === 'country' || address[field].trim() === '');

/**
 * The checkout's bag with the account filled in where the shopper has typed nothing: the default shipping
 * address (or the customer's name alone when they have none), the default billing address when it is another
 * one, and the sign-in e-mail. The same bag comes back when there is nothing to fill.
 */
export function withAccountDefaults(cart: Cart, addresses: readonly AccountAddress[], user: User): Cart {
  const shipping = addresses.find((saved) => saved.is_default_shipping) ?? addresses[0];
  const billing = addresses.find((saved) => saved.is_default_billing);
  let next = cart;
  if (isBlank(cart.shipping_address)) {
    const filled = shipping
      ? cartAddressOf(shipping)
      : { ...cart.shipping_address, first_name: user.first_name, last_name: user.last_name };
    if (addressChanged(cart.shipping_address, filled)) next = { ...next, shipping_address: filled };
  }
  if (
    billing &&
    billing._id !== shipping?._id &&
    isBlank(cart.billing_address) &&
    cart.billing_address_same_as_shipping
  ) {
    next = { ...next, billing_address: cartAddressOf(billing), billing_address_same_as_shipping: false };
  }
  if (cart.customer_email !== user.username) next = { ...next, customer_email: user.username };
  return next;
}
