/**
 * The validators of spec section 5 as zod schemas, which the browser and the server parse with alike: the
 * building blocks with the spec's messages, then the forms built from them. zod/mini keeps the browser's
 * share small (the shop's forms load on every page through the footer).
 *
 * Text is trimmed before any rule reads it. Only the required blocks reject an empty value: the others let it
 * through, so a mandatory e-mail reads requiredText().check(email()) and an optional one
 * optionalText().check(email()).
 *
 * Each form's schema is built when it is first used (z.lazy): built all at once as the module loads, they held a
 * phone's page start-up for tens of milliseconds, on pages that use one form or none.
 */
import * as z from 'zod/mini';
import {
  GIFT_CARD_MAX_AMOUNT,
  GIFT_CARD_MESSAGE_MAX_LENGTH,
  GIFT_CARD_MIN_AMOUNT,
  GIFT_CARD_NAME_MAX_LENGTH,
  isCalendarDay,
} from './gift-card.ts';
import { MESSAGES } from './messages.ts';

/** Present: not null or undefined, a string with something besides spaces, a non-empty list. */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A dot-atom local part, then a domain of letter-digit-hyphen labels ending in a top-level domain of at
 * least two characters: what a shop can mail. Quoted local parts and IP-literal domains are refused.
 */
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])$/i;

/** The longest address SMTP can carry (RFC 5321 path limit less the angle brackets). */
const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/** Any value that is present (a ticked box, a chosen option, a non-empty list). */
export const required = (message: string = MESSAGES.valueRequired) => z.custom<unknown>(isPresent, message);

/** Text with something besides spaces, trimmed; a missing field fails with the same message. */
export const requiredText = (message: string = MESSAGES.valueRequired) =>
  z.string(message).check(z.trim(), z.minLength(1, message));

/** Text that may be left empty, trimmed; a missing field reads as ''. */
export const optionalText = () => z._default(z.string().check(z.trim()), '');

/** A ticked checkbox: the browser sends 'on', a JSON body true; anything else is unticked. */
export const checkbox = () =>
  z.pipe(
    z.optional(z.union([z.boolean(), z.string()])),
    z.transform((value) => value === true || value === 'on'),
  );

export const email = (message: string = MESSAGES.invalidEmail) =>
  z.refine<string>((value) => value === '' || isValidEmail(value), message);

type Sized = string | readonly unknown[] | null | undefined;

/** Whether an empty value, or the size of one that is not, keeps the rule. */
const sizeKeeps = (value: Sized, rule: (size: number) => boolean) =>
  value === null || value === undefined || !isPresent(value) || rule(value.length);

export const minLength = <T extends Sized>(min: number) =>
  z.refine<T>((value) => sizeKeeps(value, (size) => size >= min), MESSAGES.minLength(min));

export const maxLength = <T extends Sized>(max: number) =>
  z.refine<T>((value) => sizeKeeps(value, (size) => size <= max), MESSAGES.maxLength(max));

/**
 * Whether an empty value, or the number a value holds, keeps the rule: a number, or a string holding one with
 * no spaces inside; anything else is NaN and fails.
 */
function numberKeeps(value: number | string | null | undefined, rule: (number: number) => boolean): boolean {
  if (value === null || value === undefined || !isPresent(value)) return true;
  if (typeof value === 'number') return rule(value);
  return rule(/\s/.test(value) ? Number.NaN : Number(value));
}

export const minValue = <T extends number | string | null | undefined>(min: number) =>
  z.refine<T>((value) => numberKeeps(value, (number) => number >= min), MESSAGES.minValue(min));

export const maxValue = <T extends number | string | null | undefined>(max: number) =>
  z.refine<T>((value) => numberKeeps(value, (number) => number <= max), MESSAGES.maxValue(max));

/**
 * A form-level rule: field must equal other. name is the other field as the message shows it; the error
 * belongs to field.
 */
export const sameAs = <T extends Record<string, unknown>>(
  field: keyof T & string,
  other: keyof T & string,
  name: string = other,
) =>
  z.superRefine<T>((values, context) => {
    if (!Object.is(values[field], values[other])) {
      context.addIssue({ code: 'custom', message: MESSAGES.sameAs(name), path: [field], input: values[field] });
    }
  });

/** Each field's message by its name as a form names it (`lines[0].qty`); '' is the form itself. */
export type FieldErrors = Record<string, string>;

/** A failed check's message is its first field's, for answers that carry one text. */
export type FormCheck<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; message: string };

function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === 'number') return `${name}[${key}]`;
    return name === '' ? String(key) : `${name}.${String(key)}`;
  }, '');
}

/** Parses a form's values: the value the schema makes of them, or the first rule each field breaks. */
export function checkForm<S extends z.ZodMiniType>(schema: S, input: unknown): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[fieldName(issue.path)] ??= issue.message;
  return { ok: false, errors, message: parsed.error.issues[0]?.message ?? MESSAGES.correctTheErrors };
}

/** An e-mail sign-up, the footer's (spec 2.4) and every form block's: an address to mail. */
export const signupSchema = z.lazy(() => z.object({ email: requiredText().check(email()) }));

/** The message for an e-mail address a shopper must give, or null when it is one: the sign-up's rule. */
export function emailProblem(value: unknown): string | null {
  const checked = checkForm(signupSchema, { email: value });
  return checked.ok ? null : checked.message;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: 8 to 128 characters, taken exactly as typed (spaces count; nothing is trimmed). */
export const newPassword = () =>
  z
    .string(MESSAGES.valueRequired)
    .check(z.minLength(1, MESSAGES.valueRequired), minLength(PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH));

/** The sign-in form: the account's e-mail and password as typed, and whether the session is remembered. */
export const loginSchema = z.lazy(() =>
  z.object({
    email: requiredText().check(email()),
    password: z.string(MESSAGES.valueRequired).check(z.minLength(1, MESSAGES.valueRequired)),
    remember_me: checkbox(),
  }),
);

/** The account creation form: an address to sign in with, a new password and the names. */
export const accountCreateSchema = z.lazy(() =>
  z.object({
    email: requiredText().check(email()),
    password: newPassword(),
    first_name: requiredText(MESSAGES.firstNameRequired),
    last_name: requiredText(MESSAGES.lastNameRequired),
  }),
);

/** The forgotten password form: the address the reset link goes to, if an account uses it. */
export const accountForgotSchema = z.lazy(() => z.object({ email: requiredText().check(email()) }));

/** A new password and the same typed again, as the reset form and the password change ask for it. */
const newPasswordTwice = () => ({
  password: newPassword(),
  password_confirm: z.string(MESSAGES.valueRequired).check(z.minLength(1, MESSAGES.valueRequired)),
});
const confirmedPassword = () => sameAs('password_confirm', 'password', MESSAGES.newPasswordName);

/** The reset form: a new password, typed twice the same. */
export const accountResetSchema = z.lazy(() => z.object(newPasswordTwice()).check(confirmedPassword()));

/** The e-mail confirmation asks nothing: the link's customer and token are all the action needs. */
export const accountVerifySchema = z.lazy(() => z.object({}));

/** The account area's information form: the names and the sign-in address. */
export const accountInformationSchema = z.lazy(() =>
  z.object({
    email: requiredText().check(email()),
    first_name: requiredText(MESSAGES.firstNameRequired),
    last_name: requiredText(MESSAGES.lastNameRequired),
  }),
);

/**
 * The account area's password change: the current password as typed, and the new one twice. The server checks
 * the current one and refuses a common new one.
 */
export const passwordChangeSchema = z.lazy(() =>
  z
    .object({
      current: z.string(MESSAGES.valueRequired).check(z.minLength(1, MESSAGES.valueRequired)),
      ...newPasswordTwice(),
    })
    .check(confirmedPassword()),
);

/** The address form of spec 5; phone is required only when the form asks for it. */
export const addressSchema = ({ phone }: { phone: boolean }) =>
  z.object({
    first_name: requiredText(MESSAGES.firstNameRequired),
    last_name: requiredText(MESSAGES.lastNameRequired),
    address1: requiredText(MESSAGES.addressRequired),
    address2: optionalText(),
    city: requiredText(MESSAGES.cityRequired),
    region: requiredText(MESSAGES.stateRequired),
    postcode: requiredText(MESSAGES.zipCodeRequired),
    country: requiredText(),
    phone: phone ? requiredText(MESSAGES.phoneRequired) : optionalText(),
  });

/**
 * The checkout form: the contact e-mail and the shipping address, and the billing address unless it is the
 * same as the shipping one (its fields are then not on the form).
 */
export const checkoutSchema = z.lazy(() =>
  z.object({
    customer_email: requiredText().check(email()),
    shipping_address: addressSchema({ phone: false }),
    billing_address_same_as_shipping: checkbox(),
    billing_address: z.optional(addressSchema({ phone: false })),
  }),
);

/** The fields a contest or sign-up form block can show (spec 2.4). */
export const CONTEST_FIELDS = ['email', 'instagram', 'address', 'phone', 'company', 'is_of_age'] as const;
export type ContestField = (typeof CONTEST_FIELDS)[number];

/**
 * The contest form of spec 5: with instagram in the block's fields, a valid e-mail and the handle are
 * required; otherwise, and for every other field, nothing is checked.
 */
export const contestSchema = (fields: readonly string[]) => {
  const withInstagram = fields.includes('instagram');
  return z.object({
    email: withInstagram
      ? requiredText(MESSAGES.validEmailRequired).check(email(MESSAGES.validEmailRequired))
      : optionalText(),
    instagram: withInstagram ? requiredText(MESSAGES.instagramRequired) : optionalText(),
    address: optionalText(),
    phone: optionalText(),
    company: optionalText(),
    is_of_age: checkbox(),
  });
};

/** The order lookup (/order/): an order number (digits) and the e-mail the order was placed with. */
export const orderLookupSchema = z.lazy(() =>
  z.object({
    number: requiredText().check(minValue(1)),
    email: requiredText().check(email()),
  }),
);

/**
 * An address of the account's address book (/account/addresses): the address form, whether a suggestion
 * validated it, and whether it becomes the default shipping or billing address.
 */
export const accountAddressFormSchema = z.lazy(() =>
  z.object({
    address: addressSchema({ phone: false }),
    is_validated: checkbox(),
    is_default_shipping: checkbox(),
    is_default_billing: checkbox(),
  }),
);

/** An order's new shipping address (/order/{id}/{hash}/update-address), named as the API takes it. */
export const shippingAddressFormSchema = z.lazy(() => z.object({ shipping_address: addressSchema({ phone: false }) }));

/** A whole number of dollars, as typed: digits only (an empty value is left to the required rule). */
const wholeDollars = () =>
  z.refine<string>((value) => value === '' || /^\d+$/.test(value), MESSAGES.giftCardWholeDollars);

/**
 * A gift card to buy: its amount within the limits, its recipient, an optional message and delivery day
 * (YYYY-MM-DD; empty for right away), and, when the amount earns the promotion's bonus card (giftCardBonus in
 * shared/gift-card.ts says when), that card's own recipient. Left empty, the bonus card goes to the buyer; a
 * buyer who chose to send it to someone else (bonusToSomeoneElse) must say to whom.
 */
export const giftCardSchema = ({ bonusToSomeoneElse }: { bonusToSomeoneElse: boolean }) => {
  const bonusText = () => (bonusToSomeoneElse ? requiredText() : optionalText());
  return z.object({
    amount: requiredText().check(wholeDollars(), minValue(GIFT_CARD_MIN_AMOUNT), maxValue(GIFT_CARD_MAX_AMOUNT)),
    recipient_name: requiredText().check(maxLength(GIFT_CARD_NAME_MAX_LENGTH)),
    recipient_email: requiredText().check(email()),
    message: optionalText().check(maxLength(GIFT_CARD_MESSAGE_MAX_LENGTH)),
    deliver_on: optionalText().check(
      z.refine((value) => value === '' || isCalendarDay(value), MESSAGES.giftCardDeliveryDayInvalid),
    ),
    promo_recipient_name: bonusText().check(maxLength(GIFT_CARD_NAME_MAX_LENGTH)),
    promo_recipient_email: bonusText().check(email()),
    promo_message: optionalText().check(maxLength(GIFT_CARD_MESSAGE_MAX_LENGTH)),
  });
};

/** The gift card balance check: a code to look up. */
export const giftCardBalanceSchema = z.lazy(() => z.object({ code: requiredText() }));

/** The gift card payment step: a guest's e-mail for the receipt (a signed-in buyer's is the account's). */
export const giftCardBuyerSchema = ({ guest }: { guest: boolean }) =>
  z.object({ buyer_email: guest ? requiredText().check(email()) : optionalText() });
