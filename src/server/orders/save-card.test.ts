import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import type { Cart } from '../../shared/cart.ts';
import type { OrderPayment } from '../../shared/order.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { createOrderTestShop, line, newKey, type OrderTestShop } from './order-test-support.ts';

describe('saving a card at checkout', () => {
  let shop: OrderTestShop;
  let cookie: string;
  beforeAll(async () => {
    shop = await createOrderTestShop(1000);
    cookie = await shop.signIn(DEMO_CUSTOMER_ID);
  });
  afterAll(() => shop.close());

  const savedCards = (customerId = DEMO_CUSTOMER_ID) =>
    shop.db.selectFrom('saved_cards').selectAll().where('customer_id', '=', customerId).orderBy('created_at').execute();

  async function place(
    bag: Cart,
    payment: OrderPayment,
    options: { key?: string; saveCard?: boolean; signedIn?: boolean } = {},
  ) {
    const signedIn = options.signedIn ?? true;
    const expected = (await shop.priced(bag, signedIn ? cookie : undefined)).updatedCart.totals.balance_due.amount;
    const body = {
      idempotency_key: options.key ?? newKey(),
      cart: bag,
      payment,
      expected_balance_due: expected,
      ...(options.saveCard === undefined ? {} : { save_card: options.saveCard }),
    };
    return shop.post('/session-api/checkout/place-order', body, signedIn ? cookie : undefined);
  }

  // The demo customer's store credit would pay part of the bag; the card pays it all here.
  const bag = () => shop.cart([line(shop.sku, 1)], { use_store_credit: false });

  it('keeps the new card on the account with the order: its token, brand, last four and expiry only, once for retries of the key', async () => {
    const before = await savedCards();
    const token = await shop.cardToken('5555555555554444');
    const key = newKey();
    const first = await place(bag(), { token }, { key, saveCard: true });
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost: the page sends the very same request again, and again at once.
    const again = await Promise.all([
      place(bag(), { token }, { key, saveCard: true }),
      place(bag(), { token }, { key, saveCard: true }),
    ]);
    expect(again.map((response) => shop.orderOf(response).id)).toEqual([
      shop.orderOf(first).id,
      shop.orderOf(first).id,
    ]);
    const after = await savedCards();
    expect(after).toHaveLength(before.length + 1);
    const saved = after.find((card) => card.token === token);
    expect(saved).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 12 });
    expect(Object.keys(saved ?? {}).sort()).toEqual([
      'brand',
      'created_at',
      'customer_id',
      'exp_month',
      'exp_year',
      'id',
      'last4',
      'token',
    ]);
    expect(JSON.stringify(after)).not.toContain('5555555555554444');

    // Next time the wallet offers it, and it pays.
    const wallet = await shop.app.inject({
      method: 'GET',
      url: '/session-api/account/wallet',
      cookies: { [SESSION_COOKIE]: cookie },
    });
    expect(
      wallet.json<{ data: { cards: Array<{ id: string; last4: string }> } }>().data.cards.map((card) => card.last4),
    ).toContain('4444');
    const paid = await place(bag(), { saved_card_id: saved?.id ?? '' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(shop.orderOf(paid).payment).toMatchObject({ last4: '4444' });
    expect(await savedCards()).toHaveLength(before.length + 1);
  });

  it('saves nothing unless asked, for a guest, for a declined card, or when a saved card pays', async () => {
    const before = await savedCards();
    const cards = async () => (await shop.db.selectFrom('saved_cards').select('id').execute()).length;
    const all = await cards();
    expect((await place(bag(), { token: await shop.cardToken() })).statusCode).toBe(200);
    expect((await place(bag(), { token: await shop.cardToken() }, { saveCard: false })).statusCode).toBe(200);
    expect(
      (
        await place(
          shop.cart([line(shop.sku, 1)]),
          { token: await shop.cardToken() },
          { saveCard: true, signedIn: false },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await place(bag(), { token: await shop.cardToken('4000000000000002') }, { saveCard: true })).statusCode,
    ).toBe(402);
    expect((await place(bag(), { saved_card_id: before[0]?.id ?? '' }, { saveCard: true })).statusCode).toBe(200);
    expect(await cards()).toBe(all);
  });

  it('refuses a save_card that is not true or false with 400', async () => {
    const response = await place(bag(), { token: await shop.cardToken() }, { saveCard: 'yes' as unknown as boolean });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^save_card: /);
  });
});
