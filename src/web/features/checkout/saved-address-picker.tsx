import type { AccountAddress } from '../../../shared/account-area.ts';
import type { CartAddress } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { cartAddressOf, savedAddressId } from '../../lib/checkout/checkout-account.ts';
import { SelectField } from '../../ui/form-field.tsx';

const optionLabel = (address: AccountAddress) =>
  MESSAGES.savedAddressOption(
    `${address.first_name} ${address.last_name}`.trim(),
    address.address1,
    address.city,
    address.region,
    address.postcode,
  );

/**
 * A signed-in customer's address book above an address form: choosing an address fills the form with it, and
 * 'Another address' empties it. The picker shows the saved address the form still holds, or 'Another address'
 * once a field of it is changed. It posts nothing: the form's fields carry the address.
 */
export function SavedAddressPicker({
  addresses,
  value,
  onChoose,
}: {
  addresses: readonly AccountAddress[];
  value: CartAddress;
  onChoose: (address: CartAddress | null) => void;
}) {
  const options = addresses.map((address) => ({ code: address._id, name: optionLabel(address) }));
  return (
    <SelectField
      label={MESSAGES.savedAddressPicker}
      placeholder={MESSAGES.anotherAddress}
      options={options}
      value={savedAddressId(value, addresses) ?? ''}
      onChange={(event) => {
        const chosen = addresses.find((address) => address._id === event.target.value);
        onChoose(chosen ? cartAddressOf(chosen) : null);
      }}
    />
  );
}
