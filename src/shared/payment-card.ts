/**
 * The card rules both sides use: the browser's card form for early feedback, the server's built-in gateway
 * before it makes a token. Brand names are Stripe's (`visa`, `amex`, ...), so both gateways report alike.
 */
import { MESSAGES } from './messages.ts';

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Why a card was refused, in Stripe's words (its error and decline codes), so both gateways report alike. */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'incorrect_number'
  | 'invalid_expiry'
  | 'invalid_cvc'
  | 'card_not_supported'
  | 'processing_error'
  | 'authentication_required'
  | 'test_mode_live_card';

const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: MESSAGES.cardDeclined,
  // A lost or stolen card is declined in plain words: the message must not tell a thief what the bank knows.
  lost_card: MESSAGES.cardDeclined,
  stolen_card: MESSAGES.cardDeclined,
  insufficient_funds: MESSAGES.cardInsufficientFunds,
  expired_card: MESSAGES.cardExpired,
  incorrect_cvc: MESSAGES.cardCvcIncorrect,
  incorrect_number: MESSAGES.cardNumberIncorrect,
  invalid_expiry: MESSAGES.cardExpiryInvalid,
  invalid_cvc: MESSAGES.cardCvcInvalid,
  card_not_supported: MESSAGES.cardNotSupported,
  processing_error: MESSAGES.cardProcessingError,
  authentication_required: MESSAGES.cardAuthenticationRequired,
  test_mode_live_card: MESSAGES.cardTestModeLiveCard,
};

export const DECLINE_CODES = Object.keys(DECLINE_MESSAGES) as DeclineCode[];

export function isDeclineCode(value: string): value is DeclineCode {
  return Object.hasOwn(DECLINE_MESSAGES, value);
}

/** The text a shopper sees for a refused card. */
export function declineMessage(code: DeclineCode): string {
  return DECLINE_MESSAGES[code];
}

/** The card number's digits, without the spaces or dashes a shopper types; null when anything else is in it. */
export function cardNumberDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

interface BrandRule {
  brand: CardBrand;
  /** Number prefixes as [low, high] ranges of the same length. */
  prefixes: ReadonlyArray<readonly [number, number]>;
  lengths: readonly number[];
}

const range = (low: number, high = low) => [low, high] as const;

/** The card networks' number ranges (IINs), checked in this order. */
const BRAND_RULES: readonly BrandRule[] = [
  { brand: 'amex', prefixes: [range(34), range(37)], lengths: [15] },
  { brand: 'diners', prefixes: [range(300, 305), range(36), range(38, 39)], lengths: [14, 15, 16, 17, 18, 19] },
  { brand: 'jcb', prefixes: [range(3528, 3589)], lengths: [16, 17, 18, 19] },
  { brand: 'visa', prefixes: [range(4)], lengths: [13, 16, 19] },
  { brand: 'mastercard', prefixes: [range(51, 55), range(2221, 2720)], lengths: [16] },
  { brand: 'unionpay', prefixes: [range(62), range(81)], lengths: [16, 17, 18, 19] },
  { brand: 'discover', prefixes: [range(6011), range(644, 649), range(65)], lengths: [16, 17, 18, 19] },
];

function matchesPrefix(digits: string, [low, high]: readonly [number, number]): boolean {
  const width = String(low).length;
  if (digits.length < width) {
    // A partly typed number matches while some number of the range still starts with what is typed.
    const typed = Number(digits);
    const scale = 10 ** (width - digits.length);
    return typed * scale <= high && (typed + 1) * scale - 1 >= low;
  }
  const start = Number(digits.slice(0, width));
  return start >= low && start <= high;
}

function brandRule(digits: string): BrandRule | null {
  if (!/^\d+$/.test(digits)) return null;
  const matching = BRAND_RULES.filter((rule) => rule.prefixes.some((prefix) => matchesPrefix(digits, prefix)));
  // While the typed digits fit several networks, the brand is not known yet.
  return matching.length === 1 ? (matching[0] ?? null) : null;
}

/** The card's network from its first digits (a partly typed number too), or null while it cannot be told. */
export function detectCardBrand(digits: string): CardBrand | null {
  return brandRule(digits)?.brand ?? null;
}

/** American Express prints four digits on the front; the others three on the back. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits, or two (26 for 2026). */
  expYear: number;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

export type CardCheck =
  | { ok: true; digits: string; brand: CardBrand; expMonth: number; expYear: number }
  | { ok: false; field: CardField; code: DeclineCode; message: string };

/** How far ahead an expiry date may be; a later one is a typing slip. */
const MAX_EXPIRY_YEARS_AHEAD = 20;

const refused = (field: CardField, code: DeclineCode): CardCheck => ({
  ok: false,
  field,
  code,
  message: declineMessage(code),
});

/**
 * Checks what a shopper typed before any gateway sees it: a number of a known network and length that
 * passes Luhn, an expiry month 1-12 no earlier than this month (a card is good through its last day), and
 * a CVC of the brand's length. The first problem found is the answer; the number is never in it.
 */
export function checkCardDetails(card: CardDetails, now: Date): CardCheck {
  const digits = cardNumberDigits(card.number);
  if (digits === null || !passesLuhn(digits)) return refused('number', 'incorrect_number');
  const rule = brandRule(digits);
  if (!rule) return refused('number', 'card_not_supported');
  if (!rule.lengths.includes(digits.length)) return refused('number', 'incorrect_number');
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(expYear)) {
    return refused('expiry', 'invalid_expiry');
  }
  const thisYear = now.getUTCFullYear();
  if (expYear > thisYear + MAX_EXPIRY_YEARS_AHEAD) return refused('expiry', 'invalid_expiry');
  if (isExpired(card.expMonth, expYear, now)) return refused('expiry', 'expired_card');
  if (!new RegExp(`^\\d{${cvcLength(rule.brand)}}$`).test(card.cvc.trim())) return refused('cvc', 'invalid_cvc');
  return { ok: true, digits, brand: rule.brand, expMonth: card.expMonth, expYear };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  return expYear < thisYear || (expYear === thisYear && expMonth < thisMonth);
}

const BRAND_NAMES: Readonly<Record<string, string>> = MESSAGES.cardBrands;

/** The card brand as the shop names it ('Visa'); a brand it does not know, as the gateway said it. */
export const cardBrandName = (brand: string): string =>
  Object.hasOwn(BRAND_NAMES, brand) ? (BRAND_NAMES[brand] ?? brand) : brand;

/** A saved card as checkout and the wallet name it: 'Visa ending in 4242, expires 12/29'. */
export function savedCardLabel(card: { brand: string; last4: string; exp_month: number; exp_year: number }): string {
  return MESSAGES.savedCard(
    cardBrandName(card.brand),
    card.last4,
    String(card.exp_month).padStart(2, '0'),
    String(card.exp_year % 100).padStart(2, '0'),
  );
}

/** The longest card number of any network (Visa, Discover and UnionPay go to 19 digits). */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** How a card prints its number: American Express 4-6-5, a 14-digit Diners Club 4-6-4, the others in fours. */
function numberGroups(digits: string): readonly number[] {
  const brand = detectCardBrand(digits);
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners' && digits.length <= 14) return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

/** The card number as typed, grouped as the card prints it ('4242424242' reads '4242 4242 42'); digits only are kept. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  const groups: string[] = [];
  let start = 0;
  for (const size of numberGroups(digits)) {
    if (start >= digits.length) break;
    groups.push(digits.slice(start, start + size));
    start += size;
  }
  return groups.join(' ');
}
