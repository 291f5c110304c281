import { describe, expect, it } from 'vitest';
import type { AccountAddress, AccountOrder, AccountWallet } from '../../../shared/account-area.ts';
import { BAG_LINK_PARAMS } from '../../../shared/bag-pricing.ts';
import {
  accountOverview,
  orderStatusName,
  ordersById,
  replyFor,
  STEP_PARAMS,
  storeCreditReason,
} from './account-area.ts';

const order = (id: string, number: number): AccountOrder => ({
  id,
  number,
  status: 'paid',
  created_at: '2026-11-24T11:30:00.000Z',
  total: 42,
  item_count: 2,
  url: `/order/${id}/hash`,
});

const address = (id: string, defaults: { shipping?: boolean; billing?: boolean } = {}): AccountAddress => ({
  _id: id,
  country: 'US',
  first_name: 'Alex',
  last_name: 'Rivera',
  address1: '1550 Wewatta Street',
  address2: '',
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  phone: '',
  is_validated: true,
  is_default_shipping: defaults.shipping ?? false,
  is_default_billing: defaults.billing ?? false,
});

const giftCard = (id: string, balance: number, recipient_email: string | null = null) => ({
  id,
  last4: '9876',
  initial: 50,
  balance,
  recipient_email,
  owned: recipient_email === null,
  created_at: '2026-11-01T00:00:00.000Z',
});

const wallet = (gift_cards: AccountWallet['gift_cards'] = []): AccountWallet => ({
  cards: [],
  store_credit: { balance: 25, history: [] },
  gift_cards,
});

describe('accountOverview', () => {
  it('shows the newest order, the default addresses and the balances', () => {
    const overview = accountOverview(
      [order('newest', 100003), order('older', 100002)],
      [address('work'), address('home', { shipping: true }), address('billing', { billing: true })],
      wallet([giftCard('a', 0.1), giftCard('b', 0.1), giftCard('c', 0.1)]),
    );
    expect(overview.latestOrder?.id).toBe('newest');
    expect(overview.defaultShipping?._id).toBe('home');
    expect(overview.otherDefaultBilling?._id).toBe('billing');
    expect(overview.storeCredit).toBe(25);
    expect(overview.giftCardCount).toBe(3);
    expect(overview.giftCardBalance).toBe(0.3);
  });

  it('counts only the customer’s own gift cards, not those sent to someone else', () => {
    const overview = accountOverview([], [], wallet([giftCard('mine', 25), giftCard('gift', 50, 'jamie@example.com')]));
    expect(overview).toMatchObject({ giftCardCount: 1, giftCardBalance: 25 });
  });

  it('has no latest order for a customer who has not ordered, and names one address once when it is both defaults', () => {
    const overview = accountOverview([], [address('home', { shipping: true, billing: true })], wallet());
    expect(overview.latestOrder).toBeNull();
    expect(overview.defaultShipping?._id).toBe('home');
    expect(overview.otherDefaultBilling).toBeNull();
    expect(accountOverview([], [], wallet())).toMatchObject({
      defaultShipping: null,
      otherDefaultBilling: null,
      giftCardCount: 0,
      giftCardBalance: 0,
    });
  });
});

describe('the wallet’s and the order list’s words', () => {
  it('names what store credit was for, and anything else as an adjustment', () => {
    expect(storeCreditReason('order')).toBe('Used on an order');
    expect(storeCreditReason('cancellation')).toBe('Order cancelled');
    expect(storeCreditReason('Goodwill')).toBe('Adjustment');
    expect(storeCreditReason('toString')).toBe('Adjustment');
  });

  it('names an order’s status, and one it does not know as the server said it', () => {
    expect(orderStatusName('shipped')).toBe('Shipped');
    expect(orderStatusName('on_hold')).toBe('on_hold');
  });

  it('finds an order by its id', () => {
    expect(ordersById([order('a', 1), order('b', 2)]).get('b')?.number).toBe(2);
  });
});

describe('replyFor', () => {
  const saved = { result: { status: 'success' as const }, intent: 'default-shipping', id: 'home' };

  it('hands a page’s answer to the form that sent it, and to no other', () => {
    expect(replyFor(saved, 'default-shipping', 'home')).toBe(saved);
    expect(replyFor(saved, 'default-shipping', 'work')).toBeNull();
    expect(replyFor(saved, 'default-billing', 'home')).toBeNull();
    expect(replyFor({ result: { status: 'success' }, intent: 'password' }, 'password')).not.toBeNull();
    expect(replyFor(null, 'password')).toBeNull();
  });
});

describe('STEP_PARAMS', () => {
  it('opens steps with queries a bag link does not use, so opening one never fills the bag', () => {
    const bagLink: readonly string[] = BAG_LINK_PARAMS;
    expect(Object.values(STEP_PARAMS).filter((param) => bagLink.includes(param))).toEqual([]);
  });
});
