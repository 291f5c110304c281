import { useState } from 'react';
import type { AddressSuggestion } from '../../../shared/address-autocomplete.ts';
import { countryOptions, regionsOf } from '../../../shared/address-lists.ts';
import {
  ADDRESS_FIELDS,
  fillFromSuggestion,
  withValidation,
  type AddressFields,
} from '../../../shared/address-suggestion.ts';
import type { CartAddress } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatPhone, phoneToKeep } from '../../../shared/phone.ts';
import { SelectField, TextField } from '../form-field.tsx';
import { useGroupedDigits } from '../use-grouped-digits.ts';
import { AddressLineCombobox } from './address-line-combobox.tsx';

/** Each field's message by the field's own name (first_name, postcode...). */
export type AddressErrors = Partial<Record<keyof AddressFields, string | undefined>>;

/** Conform's messages of an address fieldset, by the address's own field names. */
export function addressErrors(
  fieldset: Record<(typeof ADDRESS_FIELDS)[number], { errors?: string[] | undefined }>,
): AddressErrors {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, fieldset[field].errors?.[0]]));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The address to start the form with: address, with what the shopper typed (a refused post's `initialValue` of
 * the form's address fieldset, made before the app had started) over it.
 */
export function addressWithTyped(address: CartAddress, typed: unknown): CartAddress {
  if (!isRecord(typed)) return address;
  const kept = ADDRESS_FIELDS.flatMap((field) => (typeof typed[field] === 'string' ? [[field, typed[field]]] : []));
  return { ...address, ...Object.fromEntries(kept) };
}

export interface AddressFormProps {
  /** The inputs' name prefix: 'shipping_address' names them shipping_address.city and so on. */
  name: string;
  value: CartAddress;
  onChange: (next: CartAddress) => void;
  errors?: AddressErrors;
  /** The phone option of spec 5: the phone is then required; otherwise it is offered as optional. */
  phoneRequired?: boolean;
  /** The country cannot be changed (an order ships within the country it was placed for). */
  countryLocked?: boolean;
  /** US address suggestions on address line 1 (spec 2.4: it can be turned off). */
  autocomplete?: boolean;
  /** The browser's autofill section (`shipping`, `billing`), so two address forms fill apart. */
  autofillSection: 'shipping' | 'billing';
}

/**
 * The address form of spec 2.4 and 5, for checkout, the account's addresses and an order's address change:
 * the country first (it decides the rest), the region a state or province dropdown for US and CA and free text
 * elsewhere, 'Zip Code' or 'Postal Code', and US suggestions on address line 1. The parent holds the address;
 * the form's shared schema checks it on submit with the spec's messages.
 */
export function AddressForm({
  name,
  value,
  onChange,
  errors = {},
  phoneRequired = false,
  countryLocked = false,
  autocomplete = true,
  autofillSection,
}: AddressFormProps) {
  const [chosen, setChosen] = useState<AddressSuggestion | null>(null);
  const regions = regionsOf(value.country);
  const isUs = value.country === 'US';
  const auto = (token: string) => `section-${autofillSection} ${autofillSection} ${token}`;
  const phoneDigits = useGroupedDigits((digits) => formatPhone(digits, 'US'));
  const shownPhone = formatPhone(value.phone, value.country);

  const change = (next: CartAddress) => onChange(withValidation(next, chosen));
  const set = (field: keyof AddressFields, text: string) => change({ ...value, [field]: text });
  const trim = (field: keyof AddressFields) => {
    const trimmed = value[field].trim();
    if (trimmed !== value[field]) set(field, trimmed);
  };
  const text = (field: keyof AddressFields, label: string, autoComplete: string, className = '') => (
    <TextField
      label={label}
      name={`${name}.${field}`}
      value={value[field]}
      error={errors[field]}
      autoComplete={auto(autoComplete)}
      onChange={(event) => set(field, event.target.value)}
      onBlur={() => trim(field)}
      className={className}
    />
  );

  const changeCountry = (country: string) => {
    const keepsRegion = regionsOf(country) === regions && regions === null;
    change({ ...value, country, region: keepsRegion ? value.region : '' });
  };

  const chooseSuggestion = (suggestion: AddressSuggestion) => {
    setChosen(suggestion);
    onChange(fillFromSuggestion(value, suggestion));
  };

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SelectField
        label={MESSAGES.country}
        placeholder={MESSAGES.selectCountry}
        options={countryOptions()}
        name={`${name}.country`}
        value={value.country}
        error={errors.country}
        disabled={countryLocked}
        autoComplete={auto('country')}
        onChange={(event) => changeCountry(event.target.value)}
        className="sm:col-span-2"
      />
      {countryLocked && <input type="hidden" name={`${name}.country`} value={value.country} />}
      {text('first_name', MESSAGES.firstName, 'given-name')}
      {text('last_name', MESSAGES.lastName, 'family-name')}
      {autocomplete && isUs ? (
        <AddressLineCombobox
          name={`${name}.address1`}
          label={MESSAGES.address1}
          value={value.address1}
          error={errors.address1}
          onType={(typed) => set('address1', typed)}
          onBlur={() => trim('address1')}
          onChoose={chooseSuggestion}
        />
      ) : (
        text('address1', MESSAGES.address1, 'address-line1', 'sm:col-span-2')
      )}
      {text('address2', MESSAGES.address2, 'address-line2', 'sm:col-span-2')}
      {text('city', MESSAGES.city, 'address-level2', 'sm:col-span-2')}
      {regions ? (
        <SelectField
          label={isUs ? MESSAGES.state : MESSAGES.province}
          placeholder={isUs ? MESSAGES.selectState : MESSAGES.selectProvince}
          options={regions}
          name={`${name}.region`}
          value={value.region}
          error={errors.region}
          autoComplete={auto('address-level1')}
          onChange={(event) => set('region', event.target.value)}
        />
      ) : (
        text('region', MESSAGES.region, 'address-level1')
      )}
      <TextField
        label={isUs ? MESSAGES.zipCode : MESSAGES.postalCode}
        name={`${name}.postcode`}
        value={value.postcode}
        error={errors.postcode}
        autoComplete={auto('postal-code')}
        inputMode={isUs ? 'numeric' : 'text'}
        onChange={(event) => set('postcode', event.target.value)}
        onBlur={() => trim('postcode')}
      />
      <TextField
        label={phoneRequired ? MESSAGES.phone : MESSAGES.phoneOptional}
        name={`${name}.phone`}
        type="tel"
        value={shownPhone}
        error={errors.phone}
        autoComplete={auto('tel')}
        onChange={(event) =>
          set('phone', isUs ? phoneDigits(event, shownPhone) : phoneToKeep(event.target.value, value.country))
        }
        onBlur={() => trim('phone')}
        className="sm:col-span-2"
      />
    </div>
  );
}
