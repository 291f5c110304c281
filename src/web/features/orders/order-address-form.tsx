import type { FieldMetadata } from '@conform-to/react';
import { Link } from 'react-router';
import { countryName, regionsOf, type Region } from '../../../shared/address-lists.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { orderPagePath, type OrderView } from '../../../shared/order.ts';
import { orderUpdateAddressPath } from '../../../shared/paths.ts';
import { shippingAddressFormSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button, buttonStyles } from '../../ui/button.tsx';

/** The address change's form id: its element, its fetcher and the flash its outcome leaves on the order page. */
export const ORDER_ADDRESS_FORM_ID = 'order-address';

const inputLook =
  'h-12 w-full border border-ink bg-transparent px-3 text-base outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink aria-invalid:border-danger';

interface FieldProps {
  field: FieldMetadata<string>;
  label: string;
  autoComplete: string;
  className?: string;
  /** A list to pick from (US states, Canadian provinces) instead of free text, with its first, empty option. */
  choices?: { placeholder: string; regions: readonly Region[] } | null;
}

/** A labelled field with its error under it. */
function AddressField({ field, label, autoComplete, className = '', choices = null }: FieldProps) {
  const error = field.errors?.[0];
  const control = {
    id: field.id,
    name: field.name,
    defaultValue: field.initialValue ?? '',
    autoComplete,
    'aria-invalid': error !== undefined || undefined,
    'aria-describedby': field.errorId,
    className: inputLook,
  };
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={field.id} className="text-xs font-bold uppercase tracking-[0.14em]">
        {label}
      </label>
      {choices ? (
        <select key={field.key} {...control}>
          <option value="">{choices.placeholder}</option>
          {choices.regions.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </select>
      ) : (
        <input key={field.key} {...control} />
      )}
      <p id={field.errorId} className="min-h-5 text-sm text-danger">
        {error}
      </p>
    </div>
  );
}

export interface OrderAddressFormProps {
  order: OrderView;
  initialReply: FormReply | null;
}

/**
 * An order's shipping address, prefilled. The country is the order's and stays locked: an order ships within
 * the country it was priced for. US states and Canadian provinces are picked from their lists.
 */
export function OrderAddressForm({ order, initialReply }: OrderAddressFormProps) {
  const current = order.shipping_address;
  const { form, fields, pending, formProps } = useShopForm({
    id: ORDER_ADDRESS_FORM_ID,
    action: orderUpdateAddressPath(order.id, order.hash),
    schema: shippingAddressFormSchema,
    processingType: 'overlay',
    initialReply,
    defaultValue: { shipping_address: current },
  });
  const address = fields.shipping_address.getFieldset();
  const regions = regionsOf(current.country);
  const regionLabel = current.country === 'US' ? MESSAGES.state : current.country === 'CA' ? MESSAGES.province : MESSAGES.region;
  const formError = pending ? null : (form.errors?.[0] ?? null);

  return (
    <form {...formProps} aria-busy={pending} className="mt-8 grid gap-x-4 gap-y-2 sm:grid-cols-2">
      <AddressField field={address.first_name} label={MESSAGES.firstName} autoComplete="shipping given-name" />
      <AddressField field={address.last_name} label={MESSAGES.lastName} autoComplete="shipping family-name" />
      <AddressField field={address.address1} label={MESSAGES.streetAddress} autoComplete="shipping address-line1" className="sm:col-span-2" />
      <AddressField field={address.address2} label={MESSAGES.addressLine2} autoComplete="shipping address-line2" className="sm:col-span-2" />
      <AddressField field={address.city} label={MESSAGES.city} autoComplete="shipping address-level2" />
      <AddressField
        field={address.region}
        label={regionLabel}
        autoComplete="shipping address-level1"
        choices={regions && { placeholder: current.country === 'CA' ? MESSAGES.selectProvince : MESSAGES.selectState, regions }}
      />
      <AddressField field={address.postcode} label={current.country === 'US' ? MESSAGES.zipCode : MESSAGES.postalCode} autoComplete="shipping postal-code" />
      <div className="flex flex-col gap-1.5">
        <span className="text-xs font-bold uppercase tracking-[0.14em]">{MESSAGES.country}</span>
        <p className="py-3 text-base">{countryName(current.country) ?? current.country}</p>
        <input type="hidden" name={address.country.name} value={current.country} />
      </div>
      <AddressField field={address.phone} label={MESSAGES.phoneOptional} autoComplete="shipping tel" className="sm:col-span-2" />
      <p id={form.errorId} role="alert" className="min-h-5 text-sm text-danger sm:col-span-2">
        {formError}
      </p>
      <div className="flex flex-col items-center gap-4 sm:col-span-2 sm:flex-row">
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
