/**
 * Gift cards as both sides see them: the limits of an amount, the promotion's bonus rule, the shape of a code,
 * delivery days, and the calls of the gift card pages. The server sells, delivers and looks cards up
 * (src/server/gift-cards/); the pages and the API check a purchase with the same rules.
 */
import * as z from 'zod/mini';
import { formatLongDate } from './dates.ts';

/** The smallest and largest card, in whole dollars. */
export const GIFT_CARD_MIN_AMOUNT = 10;
export const GIFT_CARD_MAX_AMOUNT = 500;
export const GIFT_CARD_NAME_MAX_LENGTH = 60;
export const GIFT_CARD_MESSAGE_MAX_LENGTH = 250;
/** A card may be e-mailed on any day from today to a year ahead. */
export const GIFT_CARD_DELIVERY_MAX_DAYS = 365;

/** The promotion gives its rate for every full step of this many dollars bought. */
export const PROMO_STEP_AMOUNT = 50;

/** What the merchant's promotion gives (website config): the rate per fifty dollars, and whether as store credit. */
export interface GiftCardPromo {
  ratePerFifty: number;
  storeCredit: boolean;
}

/** card: a bonus card with its own recipient; store_credit: credit on the buyer's account. */
export type BonusKind = 'card' | 'store_credit';

export interface GiftCardBonus {
  kind: BonusKind;
  amount: number;
}

/**
 * The promotion's bonus for a purchase of `amount` dollars: the rate for every full fifty dollars, as a card, or
 * as store credit when the merchant says so. Store credit needs an account, so a guest then earns none.
 */
export function giftCardBonus(amount: number, promo: GiftCardPromo, signedIn: boolean): GiftCardBonus | null {
  if (!Number.isFinite(amount) || amount <= 0 || !(promo.ratePerFifty > 0)) return null;
  const steps = Math.floor(amount / PROMO_STEP_AMOUNT);
  if (steps === 0) return null;
  if (promo.storeCredit && !signedIn) return null;
  // In cents, so $12.50 a step never drifts.
  const cents = steps * Math.round(promo.ratePerFifty * 100);
  return { kind: promo.storeCredit ? 'store_credit' : 'card', amount: cents / 100 };
}

/** The promotion of the website config (spec 3: the promo gift card rate per fifty and the promo store credit flag). */
export function giftCardPromo(config: {
  promo_gift_card_rate_per_fifty: number;
  promo_store_credit: boolean;
}): GiftCardPromo {
  return { ratePerFifty: config.promo_gift_card_rate_per_fifty, storeCredit: config.promo_store_credit };
}

/** Whether buying `amount` dollars earns a bonus card, whose recipient the form then asks for. */
export const earnsBonusCard = (amount: number, promo: GiftCardPromo): boolean =>
  !promo.storeCredit && giftCardBonus(amount, promo, true) !== null;

/** Codes are four groups of four from these 32 characters, without look-alikes (0/O, 1/I): 80 bits, never guessed. */
export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_GROUPS = 4;
export const GIFT_CARD_CODE_GROUP_LENGTH = 4;

/**
 * A code as the shop stores it, however it was typed: capitals, dashes between the groups, spaces and other
 * separators dropped. Text that cannot be a code comes back cleaned but otherwise as typed.
 */
export function formatGiftCardCode(typed: string): string {
  const characters = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (characters.length !== GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH) return characters;
  return characters.match(new RegExp(`.{${GIFT_CARD_CODE_GROUP_LENGTH}}`, 'g'))?.join('-') ?? characters;
}

/** A calendar day, YYYY-MM-DD. */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The day `days` after a calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The calendar day a moment falls on in the clock of the machine reading it (the buyer's, in the browser). */
export const localDay = (now: Date): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** The calendar day it is now in a time zone (an IANA name such as America/New_York). */
export function dayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** POST /session-api/gift-cards/purchase: the cards to buy, how to pay, and the attempt's idempotency key. */
export interface GiftCardPurchaseRequest {
  idempotency_key: string;
  amount: number;
  recipient_name: string;
  recipient_email: string;
  message: string;
  /** YYYY-MM-DD, or '' for right away. */
  deliver_on: string;
  promo_recipient_name: string;
  promo_recipient_email: string;
  promo_message: string;
  /** The guest's address for the receipt; a signed-in buyer's is the account's. */
  buyer_email: string;
  payment: { token: string } | { saved_card_id: string };
}

/** A purchase as its confirmation shows it: the bought card's recipient and day, the bonus, the receipt's address and the card charged. */
export const giftCardPurchaseViewSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    amount: z.number(),
    recipient_name: z.string(),
    recipient_email: z.string(),
    deliver_on: z.string(),
    bonus: z.nullable(
      z.object({ kind: z.enum(['card', 'store_credit']), amount: z.number(), recipient_email: z.nullable(z.string()) }),
    ),
    receipt_email: z.string(),
    /** The card's brand (shared/payment-card.ts) and last four digits. */
    card: z.object({ brand: z.string(), last4: z.string() }),
  }),
);

export type GiftCardPurchaseView = z.output<typeof giftCardPurchaseViewSchema>;

/** What the balance check answers: the card's last four characters and what is left on it. */
export interface GiftCardBalanceView {
  last4: string;
  balance: number;
}

/** A calendar day as the shop writes it: November 3, 2026. */
export function formatDay(day: string): string {
  return formatLongDate(new Date(`${day}T00:00:00Z`));
}
