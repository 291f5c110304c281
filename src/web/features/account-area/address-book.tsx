import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountAddress } from '../../../shared/account-area.ts';
import { emptyAddress } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { User } from '../../../shared/user.ts';
import { accountAddressFormSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { AddressForm, addressErrors, addressWithTyped } from '../../ui/address-form/address-form.tsx';
import { AddressLines } from '../../ui/address-lines.tsx';
import { Button, buttonStyles } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import {
  ADDRESS_INTENTS,
  FORM_IDS,
  INTENT_FIELD,
  replyFor,
  STEP_PARAMS,
  type AccountFormReply,
} from './account-area.ts';
import { AccountPage, ITEM_ACTION, PANEL_HEADING } from './account-page.tsx';
import { ChosenIdForm, ConfirmStep } from './chosen-id-form.tsx';

/** The address book's page with a step open: ?new, ?edit={id} or ?delete={id}. */
const stepPath = (param: string, id?: string) =>
  `${PATHS.accountAddresses}?${new URLSearchParams({ [param]: id ?? '' })}`;

function Checkbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 text-sm">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-current" />
      {label}
    </label>
  );
}

interface AddressEditorProps {
  /** The address being edited; null for a new one. */
  address: AccountAddress | null;
  user: User;
  /** Whether the customer has a default shipping and billing address yet: a first address becomes both. */
  hasDefaults: { shipping: boolean; billing: boolean };
  initialReply: AccountFormReply | null;
}

/** The shop's address form (checkout's), with whether the address becomes a default; the names start as the customer's. */
function AddressEditor({ address, user, hasDefaults, initialReply }: AddressEditorProps) {
  const [value, setValue] = useState(() =>
    addressWithTyped(
      address ?? { ...emptyAddress(), first_name: user.first_name, last_name: user.last_name },
      initialReply?.result.initialValue?.address,
    ),
  );
  const { form, fields, pending, formProps } = useShopForm({
    id: `${FORM_IDS.address}-${address?._id ?? 'new'}`,
    action: address ? stepPath(STEP_PARAMS.edit, address._id) : stepPath(STEP_PARAMS.add),
    schema: accountAddressFormSchema,
    processingType: 'overlay',
    initialReply,
  });
  const error = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form
      {...formProps}
      aria-busy={pending}
      aria-labelledby={`${form.id}-heading`}
      className="flex flex-col gap-4 border border-ink p-5"
    >
      <h2 id={`${form.id}-heading`} className={PANEL_HEADING}>
        {address ? MESSAGES.editAddressHeading : MESSAGES.newAddress}
      </h2>
      <input type="hidden" name={INTENT_FIELD} value={ADDRESS_INTENTS.save} />
      {address && <input type="hidden" name="id" value={address._id} />}
      {value.is_validated && <input type="hidden" name={fields.is_validated.name} value="on" />}
      <AddressForm
        name={fields.address.name}
        autofillSection="shipping"
        value={value}
        onChange={setValue}
        errors={addressErrors(fields.address.getFieldset())}
      />
      <div className="flex flex-col">
        <Checkbox
          name={fields.is_default_shipping.name}
          label={MESSAGES.useAsDefaultShipping}
          defaultChecked={address?.is_default_shipping ?? !hasDefaults.shipping}
        />
        <Checkbox
          name={fields.is_default_billing.name}
          label={MESSAGES.useAsDefaultBilling}
          defaultChecked={address?.is_default_billing ?? !hasDefaults.billing}
        />
      </div>
      <p id={form.errorId} role="alert" className="text-sm text-danger empty:hidden">
        {error}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" variant="primary" pending={pending} className="min-h-12 px-8">
          {pending ? MESSAGES.saving : MESSAGES.saveAddress}
        </Button>
        <Link
          to={PATHS.accountAddresses}
          replace
          preventScrollReset
          className={buttonStyles('plain', 'inline-flex min-h-12 items-center justify-center px-4')}
        >
          {MESSAGES.cancel}
        </Link>
      </div>
    </form>
  );
}

function DefaultBadges({ address }: { address: AccountAddress }) {
  const badges = [
    ...(address.is_default_shipping ? [MESSAGES.defaultShippingAddress] : []),
    ...(address.is_default_billing ? [MESSAGES.defaultBillingAddress] : []),
  ];
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {badges.map((badge) => (
        <li key={badge} className="bg-ink px-2 py-1 text-xs font-bold uppercase tracking-widest text-page">
          {badge}
        </li>
      ))}
    </ul>
  );
}

interface AddressCardProps {
  address: AccountAddress;
  /** The delete's confirm step is open for this address. */
  deleting: boolean;
  reply: AccountFormReply | null;
}

/** One saved address: its lines, which defaults it is, and what can be done with it. */
function AddressCard({ address, deleting, reply }: AddressCardProps) {
  const id = address._id;
  // Each action's button names the address too, for a screen reader going through the buttons alone.
  const which = <span className="sr-only"> {address.address1}</span>;
  const makeDefault = (intent: string, label: string) => (
    <ChosenIdForm
      formId={`${FORM_IDS.addressBook}-${intent}-${id}`}
      action={PATHS.accountAddresses}
      intent={intent}
      id={id}
      label={
        <>
          {label}
          {which}
        </>
      }
      pendingLabel={MESSAGES.saving}
      variant="outline"
      buttonClassName={ITEM_ACTION}
      initialReply={replyFor(reply, intent, id)}
      className="contents"
    />
  );
  return (
    <li className="flex flex-col gap-4 border border-line p-5">
      <DefaultBadges address={address} />
      <AddressLines address={address} />
      {deleting ? (
        <ConfirmStep
          formId={`${FORM_IDS.addressBook}-delete-${id}`}
          action={stepPath(STEP_PARAMS.delete, id)}
          intent={ADDRESS_INTENTS.delete}
          id={id}
          label={MESSAGES.confirmDeleteAddress}
          pendingLabel={MESSAGES.deleting}
          initialReply={replyFor(reply, ADDRESS_INTENTS.delete, id)}
          question={MESSAGES.deleteAddressQuestion}
          keep={{ to: PATHS.accountAddresses, label: MESSAGES.keepIt }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link to={stepPath(STEP_PARAMS.edit, id)} preventScrollReset className={ITEM_ACTION}>
            {MESSAGES.edit}
            {which}
          </Link>
          <Link to={stepPath(STEP_PARAMS.delete, id)} replace preventScrollReset className={ITEM_ACTION}>
            {MESSAGES.delete}
            {which}
          </Link>
          {!address.is_default_shipping && makeDefault(ADDRESS_INTENTS.defaultShipping, MESSAGES.makeDefaultShipping)}
          {!address.is_default_billing && makeDefault(ADDRESS_INTENTS.defaultBilling, MESSAGES.makeDefaultBilling)}
        </div>
      )}
    </li>
  );
}

export interface AddressBookProps {
  user: User;
  addresses: AccountAddress[];
  /** The open step: adding an address, or editing or deleting one of them (by id). */
  step: { adding: boolean; editingId: string | null; deletingId: string | null };
  /** The action's answer the page was rendered with (a post made before the app had started). */
  reply: AccountFormReply | null;
  /** The outcome a change left in the query (?address-book=ok:…). */
  flash: FormReply | null;
}

/** The customer's addresses: add, edit, delete (once confirmed) and choose the default shipping and billing ones. */
export function AddressBook({ user, addresses, step, reply, flash }: AddressBookProps) {
  const editing = addresses.find((address) => address._id === step.editingId) ?? null;
  const hasDefaults = {
    shipping: addresses.some((address) => address.is_default_shipping),
    billing: addresses.some((address) => address.is_default_billing),
  };
  const editorReply = replyFor(reply, ADDRESS_INTENTS.save);
  return (
    <AccountPage title={MESSAGES.accountSectionNames.addresses}>
      {flash?.notice && <Notice id={FORM_IDS.addressBook} text={flash.notice} className="" />}
      {step.adding && !editing ? (
        <AddressEditor address={null} user={user} hasDefaults={hasDefaults} initialReply={editorReply} />
      ) : (
        <Link
          to={stepPath(STEP_PARAMS.add)}
          className={buttonStyles('primary', 'inline-flex min-h-12 items-center justify-center px-6 sm:self-start')}
        >
          {MESSAGES.addAddress}
        </Link>
      )}
      {addresses.length === 0 ? (
        <p>{MESSAGES.noAddressesYet}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {addresses.map((address) =>
            address._id === editing?._id ? (
              <li key={address._id} className="md:col-span-2">
                <AddressEditor address={address} user={user} hasDefaults={hasDefaults} initialReply={editorReply} />
              </li>
            ) : (
              <AddressCard
                key={address._id}
                address={address}
                deleting={address._id === step.deletingId}
                reply={reply}
              />
            ),
          )}
        </ul>
      )}
    </AccountPage>
  );
}
