import { useState } from 'react';
import { Link } from 'react-router';
import type { CartAddress } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { orderPagePath, type OrderView } from '../../../shared/order.ts';
import { orderUpdateAddressPath } from '../../../shared/paths.ts';
import { shippingAddressFormSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { AddressForm, addressErrors, addressWithTyped } from '../../ui/address-form/address-form.tsx';
import { Button, buttonStyles } from '../../ui/button.tsx';

/** The address change's form id: its element, its fetcher and the flash its outcome leaves on the order page. */
export const ORDER_ADDRESS_FORM_ID = 'order-address';

/** The address to show: the order's, with what the shopper typed before a refused post made without the app's code. */
const startingAddress = (order: OrderView, reply: FormReply | null): CartAddress =>
  addressWithTyped(order.shipping_address, reply?.result.initialValue?.shipping_address);

export interface OrderAddressFormProps {
  order: OrderView;
  initialReply: FormReply | null;
}

/**
 * An order's shipping address in the shop's address form, prefilled. The country is the order's and stays
 * locked: an order ships within the country it was priced for.
 */
export function OrderAddressForm({ order, initialReply }: OrderAddressFormProps) {
  const [address, setAddress] = useState(() => startingAddress(order, initialReply));
  const { form, fields, pending, formProps } = useShopForm({
    id: ORDER_ADDRESS_FORM_ID,
    action: orderUpdateAddressPath(order.id, order.hash),
    schema: shippingAddressFormSchema,
    processingType: 'overlay',
    initialReply,
  });
  const formError = pending ? null : (form.errors?.[0] ?? null);

  return (
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <AddressForm
        name="shipping_address"
        autofillSection="shipping"
        value={address}
        onChange={setAddress}
        errors={addressErrors(fields.shipping_address.getFieldset())}
        countryLocked
      />
      <p id={form.errorId} role="alert" className="min-h-5 text-sm text-danger">
        {formError}
      </p>
      <div className="flex flex-col items-center gap-4 sm:flex-row">
        <Button type="submit" variant="primary" pending={pending} className="w-full px-8 py-3 sm:w-auto">
          {pending ? MESSAGES.savingAddress : MESSAGES.saveAddress}
        </Button>
        <Link to={orderPagePath(order.id, order.hash)} className={buttonStyles('plain')}>
          {MESSAGES.backToOrder}
        </Link>
      </div>
    </form>
  );
}
