/**
 * What the account area's pages share besides markup: their sections, the forms' ids, intents and query
 * parameters (which the route actions read too), and the overview and wallet read from the API's answers.
 */
import * as z from 'zod/mini';
import type { AccountAddress, AccountOrder, AccountWallet } from '../../../shared/account-area.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { fromCents, toCents } from '../../../shared/money.ts';
import { isOrderStatus } from '../../../shared/order.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { User } from '../../../shared/user.ts';
import { requiredText } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';

export type AccountSection = keyof typeof MESSAGES.accountSectionNames;

/** The five pages of the account area, in the order the section navigation lists them. */
export const ACCOUNT_SECTIONS: ReadonlyArray<{ section: AccountSection; path: string }> = [
  { section: 'home', path: PATHS.accountHome },
  { section: 'orders', path: PATHS.accountOrders },
  { section: 'information', path: PATHS.accountInformation },
  { section: 'addresses', path: PATHS.accountAddresses },
  { section: 'wallet', path: PATHS.accountWallet },
];

/** The hidden field that says which of a page's forms was posted; the page's one action switches on it. */
export const INTENT_FIELD = 'intent';

export const INFORMATION_INTENTS = { information: 'information', password: 'password' } as const;
export const ADDRESS_INTENTS = {
  save: 'save',
  delete: 'delete',
  defaultShipping: 'default-shipping',
  defaultBilling: 'default-billing',
} as const;
export const WALLET_INTENTS = { removeCard: 'remove-card' } as const;

/** The forms' ids: their elements, their fetchers and, for the address book and wallet, the flash their outcome leaves. */
export const FORM_IDS = {
  information: 'account-information',
  password: 'account-password',
  address: 'account-address',
  addressBook: 'address-book',
  wallet: 'wallet',
} as const;

/**
 * The queries that open a step of the address book or wallet: links that work before the app has started.
 * Not `add`, which any page reads as a bag link's skus.
 */
export const STEP_PARAMS = { add: 'new', edit: 'edit', delete: 'delete', removeCard: 'remove-card' } as const;

/** An account page's action answer: the reply, and which of the page's forms it belongs to. */
export interface AccountFormReply extends FormReply {
  /** Which form the reply answers; a reply without one (the app's code got no answer) is the sending form's own. */
  intent?: string;
  /** The address or card a form of one thing named. */
  id?: string;
  /** The customer as saved, after the information form. */
  user?: User;
}

/**
 * The answer the page was rendered with (a post made before the app had started), for the one form that sent
 * it: the form of that intent and, for a form of one address or card, of that id.
 */
export function replyFor(
  reply: AccountFormReply | null | undefined,
  intent: string,
  id?: string,
): AccountFormReply | null {
  if (!reply || reply.intent !== intent) return null;
  return id === undefined || reply.id === id ? reply : null;
}

/** A form that names one of the customer's addresses or cards and asks nothing else (delete, make default, remove). */
export const chosenIdSchema = z.lazy(() => z.object({ id: requiredText() }));

const REASONS: Readonly<Record<string, string>> = MESSAGES.storeCreditReasons;

/** What a store credit entry was for, in the shop's words; a reason the shop has no words for is an adjustment. */
export const storeCreditReason = (reason: string): string =>
  Object.hasOwn(REASONS, reason) ? (REASONS[reason] ?? reason) : MESSAGES.storeCreditAdjusted;

export interface AccountOverview {
  /** The newest order, or null for a customer who has not ordered yet. */
  latestOrder: AccountOrder | null;
  defaultShipping: AccountAddress | null;
  /** The default billing address when it is another than the shipping one. */
  otherDefaultBilling: AccountAddress | null;
  storeCredit: number;
  /** The customer's own cards: not those sent to someone else, whose balance is theirs. */
  giftCardCount: number;
  giftCardBalance: number;
}

/** The overview's summary of the customer's orders (newest first, as the API lists them), addresses and wallet. */
export function accountOverview(
  orders: readonly AccountOrder[],
  addresses: readonly AccountAddress[],
  wallet: AccountWallet,
): AccountOverview {
  const defaultShipping = addresses.find((address) => address.is_default_shipping) ?? null;
  const defaultBilling = addresses.find((address) => address.is_default_billing) ?? null;
  const ownCards = wallet.gift_cards.filter((card) => card.owned);
  return {
    latestOrder: orders[0] ?? null,
    defaultShipping,
    otherDefaultBilling: defaultBilling && defaultBilling._id !== defaultShipping?._id ? defaultBilling : null,
    storeCredit: wallet.store_credit.balance,
    giftCardCount: ownCards.length,
    // Summed in cents, so three cards of $0.10 make $0.30 and not $0.30000000000000004.
    giftCardBalance: fromCents(ownCards.reduce((cents, card) => cents + toCents(card.balance), 0)),
  };
}

/** The orders by id, for the store credit history to name and link the order an entry belongs to. */
export const ordersById = (orders: readonly AccountOrder[]): ReadonlyMap<string, AccountOrder> =>
  new Map(orders.map((order) => [order.id, order]));

/** An order's status in the shop's words; a status it does not know, as the server said it. */
export const orderStatusName = (status: string): string =>
  isOrderStatus(status) ? MESSAGES.orderStatusNames[status] : status;
