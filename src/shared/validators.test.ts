import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MESSAGES } from './messages.ts';
import {
  accountCreateSchema,
  accountForgotSchema,
  accountInformationSchema,
  accountResetSchema,
  addressSchema,
  checkbox,
  checkForm,
  checkoutSchema,
  contestSchema,
  email,
  emailProblem,
  giftCardBalanceSchema,
  giftCardBuyerSchema,
  giftCardSchema,
  signupSchema,
  isValidEmail,
  loginSchema,
  maxLength,
  maxValue,
  minLength,
  minValue,
  newPassword,
  optionalText,
  orderLookupSchema,
  required,
  requiredText,
  sameAs,
  shippingAddressFormSchema,
} from './validators.ts';

/** The message of the first rule value breaks, or null when it keeps them all. */
function messageOf(schema: z.ZodMiniType, value: unknown): string | null {
  const checked = checkForm(schema, value);
  return checked.ok ? null : checked.message;
}

const optionalEmail = optionalText().check(email());

describe('required', () => {
  it('rejects missing and blank values with the spec message', () => {
    for (const value of [undefined, null, '', '   ', []])
      expect(messageOf(required(), value)).toBe('Value is required');
  });

  it('accepts anything present, false and zero included', () => {
    for (const value of ['a', ' a ', 0, false, ['x'], { a: 1 }]) expect(messageOf(required(), value)).toBeNull();
  });
});

describe('requiredText', () => {
  it('rejects a missing or blank field with the spec message, or the form’s own', () => {
    for (const value of [undefined, '', '   ']) expect(messageOf(requiredText(), value)).toBe('Value is required');
    expect(messageOf(requiredText('City required'), ' ')).toBe('City required');
  });

  it('trims what it keeps', () => {
    expect(requiredText().parse('  Ada  ')).toBe('Ada');
    expect(optionalText().parse(undefined)).toBe('');
    expect(optionalText().parse(' x ')).toBe('x');
  });
});

describe('email', () => {
  it('accepts ordinary addresses, surrounding spaces trimmed', () => {
    for (const value of [
      'shopper@example.com',
      'first.last+tag@mail.example.co.uk',
      ' a@b.io ',
      "o'neil@example.org",
    ]) {
      expect(messageOf(optionalEmail, value)).toBeNull();
    }
  });

  it('rejects malformed addresses with the spec message', () => {
    for (const value of [
      'shopper',
      'shopper@',
      '@example.com',
      'a@b',
      'a@b.c',
      'a b@example.com',
      'a..b@example.com',
      'a@-b.com',
      'a@b.com.',
    ]) {
      expect(messageOf(optionalEmail, value)).toBe('Value is not a valid email address');
    }
  });

  it('leaves emptiness to required', () => {
    expect(messageOf(optionalEmail, '')).toBeNull();
    expect(messageOf(requiredText().check(email()), '')).toBe('Value is required');
  });

  it('refuses addresses longer than SMTP carries', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`)).toBe(false);
  });
});

describe('length rules', () => {
  it('bound the length with the spec messages', () => {
    expect(messageOf(z.string().check(minLength(8)), 'short')).toBe('This field should be at least 8 characters long');
    expect(messageOf(z.string().check(minLength(5)), 'exact')).toBeNull();
    expect(messageOf(z.string().check(maxLength(3)), 'four')).toBe('The maximum length allowed is 3');
    expect(messageOf(z.string().check(maxLength(4)), 'four')).toBeNull();
    expect(messageOf(z.array(z.number()).check(minLength(2)), [1])).toBe(
      'This field should be at least 2 characters long',
    );
  });

  it('pass empty values', () => {
    expect(messageOf(z.string().check(minLength(3)), '')).toBeNull();
    expect(messageOf(z.nullable(z.string()).check(maxLength(3)), null)).toBeNull();
  });
});

describe('value rules', () => {
  const number = z.union([z.number(), z.string()]);

  it('bound numbers and numeric strings with the spec messages', () => {
    expect(messageOf(number.check(minValue(1)), 0)).toBe('The minimum value allowed is 1');
    expect(messageOf(number.check(minValue(1)), '1')).toBeNull();
    expect(messageOf(number.check(maxValue(30)), 31)).toBe('The maximum value allowed is 30');
    expect(messageOf(number.check(maxValue(30)), '30')).toBeNull();
  });

  it('fail text that is not a number, pass empty values', () => {
    expect(messageOf(number.check(minValue(1)), 'abc')).toBe('The minimum value allowed is 1');
    expect(messageOf(number.check(maxValue(9)), '1 0')).toBe('The maximum value allowed is 9');
    expect(messageOf(number.check(minValue(1)), '')).toBeNull();
  });
});

describe('sameAs', () => {
  const passwords = z.object({ password: z.string(), confirm: z.string() }).check(sameAs('confirm', 'password'));

  it('compares with the other field and names it in the message, on the field that must match', () => {
    expect(checkForm(passwords, { password: 'secret1', confirm: 'secret1' }).ok).toBe(true);
    expect(checkForm(passwords, { password: 'secret1', confirm: 'secret2' })).toEqual({
      ok: false,
      errors: { confirm: 'The value must be equal to the password value' },
      message: 'The value must be equal to the password value',
    });
  });
});

describe('checkForm', () => {
  it('reports the first rule each field breaks, by the name the form gives the field', () => {
    const schema = z.object({
      code: requiredText().check(minLength(3), maxLength(1)),
      lines: z.array(z.object({ qty: z.string().check(minValue(1)) })),
    });
    expect(checkForm(schema, { code: 'ab', lines: [{ qty: '2' }, { qty: '0' }] })).toEqual({
      ok: false,
      errors: {
        code: 'This field should be at least 3 characters long',
        'lines[1].qty': 'The minimum value allowed is 1',
      },
      message: 'This field should be at least 3 characters long',
    });
    const keeper = z.object({ code: requiredText().check(minLength(3)), lines: z.array(z.string()) });
    expect(checkForm(keeper, { code: ' abcd ', lines: [] })).toEqual({ ok: true, value: { code: 'abcd', lines: [] } });
  });
});

describe('the footer sign-up', () => {
  it('needs an address to mail', () => {
    expect(checkForm(signupSchema, { email: ' Shopper@Example.com ' })).toEqual({
      ok: true,
      value: { email: 'Shopper@Example.com' },
    });
    expect(checkForm(signupSchema, {})).toMatchObject({ ok: false, errors: { email: 'Value is required' } });
    expect(checkForm(signupSchema, { email: 'shopper' })).toMatchObject({
      ok: false,
      errors: { email: 'Value is not a valid email address' },
    });
  });
});

describe('the sign-in form', () => {
  it('needs an address and a password, the password taken exactly as typed', () => {
    expect(checkForm(loginSchema, { email: ' Demo@Acme.test ', password: ' secret ', remember_me: 'on' })).toEqual({
      ok: true,
      value: { email: 'Demo@Acme.test', password: ' secret ', remember_me: true },
    });
    expect(checkForm(loginSchema, {})).toMatchObject({
      ok: false,
      errors: { email: 'Value is required', password: 'Value is required' },
    });
    expect(checkForm(loginSchema, { email: 'demo@acme.test', password: 'x' })).toMatchObject({
      ok: true,
      value: { remember_me: false },
    });
    expect(checkForm(loginSchema, { email: 'demo', password: 'x' })).toMatchObject({
      ok: false,
      errors: { email: 'Value is not a valid email address' },
    });
  });
});

describe('the reset form', () => {
  it('takes a new password by the shared rules, typed the same twice', () => {
    expect(checkForm(accountResetSchema, { password: ' eight chars ', password_confirm: ' eight chars ' })).toEqual({
      ok: true,
      value: { password: ' eight chars ', password_confirm: ' eight chars ' },
    });
    expect(checkForm(accountResetSchema, { password: 'seven77', password_confirm: 'seven77' })).toMatchObject({
      ok: false,
      errors: { password: MESSAGES.minLength(8) },
    });
    expect(
      checkForm(accountResetSchema, { password: 'a new password', password_confirm: 'a new passw0rd' }),
    ).toMatchObject({
      ok: false,
      errors: { password_confirm: 'The value must be equal to the new password value' },
    });
    expect(checkForm(accountResetSchema, { password: 'a new password' })).toMatchObject({
      ok: false,
      errors: { password_confirm: MESSAGES.valueRequired },
    });
  });
});

describe('the address form', () => {
  const filled = {
    first_name: ' Ada ',
    last_name: 'Lovelace',
    address1: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postcode: '62701',
    country: 'US',
  };

  it('names each missing required field with the spec message', () => {
    expect(checkForm(addressSchema({ phone: true }), { first_name: '  ' })).toEqual({
      ok: false,
      errors: {
        first_name: 'First Name required',
        last_name: 'Last Name required',
        address1: 'Address required',
        city: 'City required',
        region: 'State required',
        postcode: 'Zip code required',
        country: 'Value is required',
        phone: 'Phone required',
      },
      message: 'First Name required',
    });
  });

  it('asks for the phone only when the form shows it, keeps address2 optional and trims the text', () => {
    expect(checkForm(addressSchema({ phone: false }), filled)).toEqual({
      ok: true,
      value: { ...filled, first_name: 'Ada', address2: '', phone: '' },
    });
    expect(checkForm(addressSchema({ phone: true }), filled)).toMatchObject({
      ok: false,
      errors: { phone: 'Phone required' },
    });
    expect(
      checkForm(addressSchema({ phone: true }), { ...filled, phone: ' 555 0100 ', address2: ' Apt 2 ' }),
    ).toMatchObject({
      ok: true,
      value: { phone: '555 0100', address2: 'Apt 2' },
    });
  });
});

describe('the checkout form', () => {
  const address = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address1: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postcode: '62701',
    country: 'US',
  };

  it('needs an e-mail and a shipping address, each message at its field by name', () => {
    const checked = checkForm(checkoutSchema, {
      customer_email: 'ada',
      shipping_address: { country: 'US' },
      billing_address_same_as_shipping: 'on',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      customer_email: 'Value is not a valid email address',
      'shipping_address.first_name': 'First Name required',
      'shipping_address.postcode': 'Zip code required',
    });
    expect(Object.keys(checked.errors).some((name) => name.startsWith('billing_address.'))).toBe(false);
  });

  it('checks the billing address when the form shows it', () => {
    const value = { customer_email: 'ada@example.com', shipping_address: address };
    expect(checkForm(checkoutSchema, { ...value, billing_address_same_as_shipping: 'on' })).toMatchObject({
      ok: true,
      value: { billing_address_same_as_shipping: true },
    });
    expect(checkForm(checkoutSchema, { ...value, billing_address: { country: 'CA' } })).toMatchObject({
      ok: false,
      errors: { 'billing_address.city': 'City required' },
    });
  });
});

describe('the contest form', () => {
  it('with instagram among its fields, wants a valid e-mail and the handle, with the spec messages', () => {
    const schema = contestSchema(['email', 'instagram', 'is_of_age']);
    expect(checkForm(schema, {})).toMatchObject({
      ok: false,
      errors: { email: 'Valid email required', instagram: 'Instagram handle required' },
    });
    expect(checkForm(schema, { email: 'not-an-address', instagram: '@acme' })).toEqual({
      ok: false,
      errors: { email: 'Valid email required' },
      message: 'Valid email required',
    });
    expect(checkForm(schema, { email: 'a@b.co', instagram: ' @acme ', is_of_age: 'on' })).toMatchObject({
      ok: true,
      value: { email: 'a@b.co', instagram: '@acme', is_of_age: true },
    });
  });

  it('without instagram checks nothing', () => {
    expect(
      checkForm(contestSchema(['email', 'company', 'phone', 'address']), { email: 'not-an-address' }),
    ).toMatchObject({
      ok: true,
      value: { email: 'not-an-address', is_of_age: false },
    });
  });

  it('reads a ticked box from a browser or a JSON body', () => {
    expect(checkbox().parse('on')).toBe(true);
    expect(checkbox().parse(true)).toBe(true);
    expect(checkbox().parse(undefined)).toBe(false);
  });
});

describe('the order forms', () => {
  it('look up an order by its number and e-mail, each with the spec’s message', () => {
    expect(checkForm(orderLookupSchema, { number: ' 1042 ', email: ' shopper@example.com ' })).toEqual({
      ok: true,
      value: { number: '1042', email: 'shopper@example.com' },
    });
    expect(checkForm(orderLookupSchema, {})).toMatchObject({
      ok: false,
      errors: { number: 'Value is required', email: 'Value is required' },
    });
    expect(checkForm(orderLookupSchema, { number: 'A-1', email: 'shopper' })).toMatchObject({
      ok: false,
      errors: { number: 'The minimum value allowed is 1', email: 'Value is not a valid email address' },
    });
  });

  it('name an order’s new address by the fields the API takes', () => {
    expect(checkForm(shippingAddressFormSchema, { shipping_address: { first_name: 'Ada' } })).toMatchObject({
      ok: false,
      errors: { 'shipping_address.last_name': 'Last Name required', 'shipping_address.postcode': 'Zip code required' },
    });
  });
});

describe('emailProblem', () => {
  it('answers the spec messages for a missing or malformed address, and nothing for a good one', () => {
    expect(emailProblem('')).toBe(MESSAGES.valueRequired);
    expect(emailProblem('  ')).toBe(MESSAGES.valueRequired);
    expect(emailProblem('not-an-address')).toBe(MESSAGES.invalidEmail);
    expect(emailProblem(' shopper@example.com ')).toBeNull();
  });
});

describe('account forms', () => {
  it('takes a new password of 8 to 128 characters exactly as typed', () => {
    expect(messageOf(newPassword(), '')).toBe(MESSAGES.valueRequired);
    expect(messageOf(newPassword(), undefined)).toBe(MESSAGES.valueRequired);
    expect(messageOf(newPassword(), 'seven77')).toBe(MESSAGES.minLength(8));
    expect(messageOf(newPassword(), 'x'.repeat(129))).toBe(MESSAGES.maxLength(128));
    expect(checkForm(newPassword(), '  eight  ')).toEqual({ ok: true, value: '  eight  ' });
    expect(messageOf(newPassword(), 'x'.repeat(128))).toBeNull();
  });

  it('checks account creation and information with the shared messages', () => {
    expect(
      checkForm(accountCreateSchema, { email: 'x', password: 'short', first_name: ' ', last_name: 'Hale' }),
    ).toEqual({
      ok: false,
      message: MESSAGES.invalidEmail,
      errors: { email: MESSAGES.invalidEmail, password: MESSAGES.minLength(8), first_name: MESSAGES.firstNameRequired },
    });
    expect(checkForm(accountForgotSchema, { email: ' pat@example.com ' })).toEqual({
      ok: true,
      value: { email: 'pat@example.com' },
    });
    expect(checkForm(accountForgotSchema, { email: 'pat' })).toMatchObject({
      ok: false,
      errors: { email: MESSAGES.invalidEmail },
    });
    expect(
      checkForm(accountInformationSchema, { email: ' pat@example.com ', first_name: 'Pat', last_name: '' }),
    ).toMatchObject({
      ok: false,
      errors: { last_name: MESSAGES.lastNameRequired },
    });
  });
});

describe('the gift card forms', () => {
  const card = {
    amount: ' 100 ',
    recipient_name: ' Jamie ',
    recipient_email: 'jamie@example.com',
    message: '',
    deliver_on: '',
  };
  it('take an amount of whole dollars within the limits, a recipient and an optional message and day', () => {
    expect(checkForm(giftCardSchema({ bonusToSomeoneElse: false }), card)).toMatchObject({
      ok: true,
      value: { amount: '100', recipient_name: 'Jamie', deliver_on: '', promo_recipient_email: '' },
    });
    expect(checkForm(giftCardSchema({ bonusToSomeoneElse: false }), {})).toMatchObject({
      ok: false,
      errors: {
        amount: 'Value is required',
        recipient_name: 'Value is required',
        recipient_email: 'Value is required',
      },
    });
    const refused = (fields: Record<string, string>) =>
      checkForm(giftCardSchema({ bonusToSomeoneElse: false }), { ...card, ...fields });
    expect(refused({ amount: '9' })).toMatchObject({ errors: { amount: 'The minimum value allowed is 10' } });
    expect(refused({ amount: '501' })).toMatchObject({ errors: { amount: 'The maximum value allowed is 500' } });
    expect(refused({ amount: '20.50' })).toMatchObject({ errors: { amount: MESSAGES.giftCardWholeDollars } });
    expect(refused({ recipient_email: 'jamie' })).toMatchObject({
      errors: { recipient_email: 'Value is not a valid email address' },
    });
    expect(refused({ message: 'x'.repeat(251) })).toMatchObject({
      errors: { message: 'The maximum length allowed is 250' },
    });
    expect(refused({ recipient_name: 'x'.repeat(61) })).toMatchObject({
      errors: { recipient_name: 'The maximum length allowed is 60' },
    });
    expect(refused({ deliver_on: 'tomorrow' })).toMatchObject({
      errors: { deliver_on: MESSAGES.giftCardDeliveryDayInvalid },
    });
  });

  it('ask for the bonus card’s recipient only when the buyer sends it to someone else; left empty, it is the buyer’s', () => {
    expect(checkForm(giftCardSchema({ bonusToSomeoneElse: true }), card)).toMatchObject({
      ok: false,
      errors: { promo_recipient_name: 'Value is required', promo_recipient_email: 'Value is required' },
    });
    expect(
      checkForm(giftCardSchema({ bonusToSomeoneElse: true }), {
        ...card,
        promo_recipient_name: 'Robin',
        promo_recipient_email: 'robin@example.com',
      }).ok,
    ).toBe(true);
    expect(checkForm(giftCardSchema({ bonusToSomeoneElse: false }), card)).toMatchObject({
      ok: true,
      value: { promo_recipient_name: '', promo_recipient_email: '' },
    });
    expect(
      checkForm(giftCardSchema({ bonusToSomeoneElse: false }), { ...card, promo_recipient_email: 'robin' }),
    ).toMatchObject({ errors: { promo_recipient_email: MESSAGES.invalidEmail } });
  });

  it('check a balance by a code, and ask a guest for the receipt’s address', () => {
    expect(checkForm(giftCardBalanceSchema, { code: '  ' })).toMatchObject({ errors: { code: 'Value is required' } });
    expect(checkForm(giftCardBuyerSchema({ guest: true }), { buyer_email: 'x' })).toMatchObject({
      errors: { buyer_email: 'Value is not a valid email address' },
    });
    expect(checkForm(giftCardBuyerSchema({ guest: false }), {}).ok).toBe(true);
  });
});
