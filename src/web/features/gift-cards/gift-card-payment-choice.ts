/**
 * The card a gift card purchase is paid with, chosen on the card steps and used on the payment step: a new
 * card's token or a saved card, and the receipt's address a guest typed before going to choose the card. They
 * live in memory only, never in storage: a reload asks for them again.
 */
import type { CardToken } from '../../../shared/order.ts';
import { createStore } from '../../lib/store.ts';

export type GiftCardPaymentChoice = { kind: 'token'; token: CardToken } | { kind: 'saved'; id: string };

export const giftCardPaymentChoice = createStore<GiftCardPaymentChoice | null>(null);

/** The payment step's form leaves the page for the card steps; the address typed in it must not leave with it. */
export const giftCardReceiptEmail = createStore<string>('');

/** The history state that tells the new card step it has nowhere to cancel back to (a guest, a customer without saved cards). */
export const HIDE_CANCEL_STATE = { hideCancel: true } as const;

export const hidesCancel = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'hideCancel' in state && state.hideCancel === true;
