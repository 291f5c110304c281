import { describe, expect, it, vi } from 'vitest';
import type { ServerApiResponse } from '../../../shared/load-context.ts';
import { loadSavedCards } from './saved-cards.server.ts';

const answering = (response: ServerApiResponse) => ({ api: vi.fn(async () => response) });

describe('loadSavedCards', () => {
  it('answers the signed-in customer’s cards, and that the page was loaded signed in', async () => {
    const card = { id: 'card_1', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 };
    const wallet = { cards: [card], store_credit: { balance: 0, history: [] }, gift_cards: [] };
    const loaded = await loadSavedCards(answering({ status: 200, body: { data: wallet } }));
    expect(loaded.signedIn).toBe(true);
    expect(loaded.savedCards).toHaveLength(1);
  });

  it('answers no cards and a guest when the wallet says the shopper is not signed in', async () => {
    expect(await loadSavedCards(answering({ status: 401, body: { error: 'You are not signed in' } }))).toEqual({
      savedCards: [],
      signedIn: false,
    });
  });
});
