/** What the account area's calls respond with (src/shared/api/accounts.ts: orders, addresses and wallet). */
import type { CartAddress } from './cart.ts';
import type { OrderStatus } from './order.ts';

export interface AccountOrder {
  id: string;
  number: number;
  status: OrderStatus | string;
  created_at: string;
  /** Dollars. */
  total: number;
  item_count: number;
  /** The order's page, /order/{id}/{hash}. */
  url: string;
}

export interface AccountAddress extends CartAddress {
  _id: string;
  is_default_shipping: boolean;
  is_default_billing: boolean;
}

/** A card a customer saved at a checkout, as their wallet and the pages that pay list it. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface AccountWallet {
  cards: SavedCard[];
  store_credit: {
    balance: number;
    history: Array<{ amount: number; reason: string; order_id: string | null; created_at: string }>;
  };
  /** The cards the customer bought; owned is false for one sent to someone else, whose balance is theirs. */
  gift_cards: Array<{
    id: string;
    last4: string;
    initial: number;
    balance: number;
    recipient_email: string | null;
    owned: boolean;
    created_at: string;
  }>;
}

/** A card the customer bought is theirs unless it was sent to another address than their own. */
export const isOwnGiftCard = (recipientEmail: string | null, customerEmail: string): boolean =>
  recipientEmail === null ||
  recipientEmail.trim() === '' ||
  recipientEmail.trim().toLowerCase() === customerEmail.trim().toLowerCase();
