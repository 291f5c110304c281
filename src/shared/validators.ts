/**
 * The shared validators of spec section 5. Each returns the message to show, or null when the value is valid.
 * Only required rejects an empty value: the others pass it, so a rule list reads like
 * [required, email] for a mandatory e-mail and [email] for an optional one.
 */
import { MESSAGES } from './messages.ts';

export type Validator<T = unknown> = (value: T) => string | null;

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

export const required: Validator = (value) => (isPresent(value) ? null : MESSAGES.valueRequired);

export const email: Validator<string | null | undefined> = (value) =>
  !isPresent(value) || isValidEmail(value as string) ? null : MESSAGES.invalidEmail;

const lengthOf = (value: string | readonly unknown[]) => value.length;

export const minLength =
  (min: number): Validator<string | readonly unknown[] | null | undefined> =>
  (value) =>
    !isPresent(value) || lengthOf(value as string | readonly unknown[]) >= min ? null : MESSAGES.minLength(min);

export const maxLength =
  (max: number): Validator<string | readonly unknown[] | null | undefined> =>
  (value) =>
    !isPresent(value) || lengthOf(value as string | readonly unknown[]) <= max ? null : MESSAGES.maxLength(max);

/** A number, or a string holding one with no spaces inside; anything else is NaN and fails the bound. */
function numeric(value: number | string): number {
  if (typeof value === 'number') return value;
  return /\s/.test(value) ? Number.NaN : Number(value);
}

export const minValue =
  (min: number): Validator<number | string | null | undefined> =>
  (value) =>
    !isPresent(value) || numeric(value as number | string) >= min ? null : MESSAGES.minValue(min);

export const maxValue =
  (max: number): Validator<number | string | null | undefined> =>
  (value) =>
    !isPresent(value) || numeric(value as number | string) <= max ? null : MESSAGES.maxValue(max);

/** Equal to another field's value; name is that field's name as the message shows it. */
export const sameAs =
  (name: string, other: unknown): Validator =>
  (value) =>
    Object.is(value, other) ? null : MESSAGES.sameAs(name);

/** The message of the first rule the value breaks, or null when it keeps them all. */
export function validate<T>(value: T, rules: readonly Validator<T>[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== null) return message;
  }
  return null;
}
