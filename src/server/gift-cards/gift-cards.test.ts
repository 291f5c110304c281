import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import { giftCardBalanceEndpoint, giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import { addDays, dayIn, type GiftCardPurchaseRequest, type GiftCardPurchaseView } from '../../shared/gift-card.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { MAIL_MESSAGES } from '../../shared/mail-messages.ts';
import type { AccountWallet } from '../../shared/account-area.ts';
import { createOrderTestShop, newKey, type OrderTestShop } from '../orders/order-test-support.ts';
import { sweepOrders } from '../orders/order-sweeper.ts';
import { createOrderContext } from '../orders/order-context.ts';
import { GIFT_CARD_GUESSES_PER_ADDRESS } from './gift-card-lookups.ts';
import { deliverDueGiftCards } from './gift-card-sweeper.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';

type Purchase = Omit<GiftCardPurchaseRequest, 'idempotency_key' | 'payment'> & {
  payment?: GiftCardPurchaseRequest['payment'];
};

const TIME_ZONE = 'America/New_York';
const today = () => dayIn(TIME_ZONE, new Date());

const purchase = (fields: Partial<Purchase> = {}): Purchase => ({
  amount: 50,
  recipient_name: 'Jamie',
  recipient_email: 'jamie@example.com',
  message: 'Happy birthday!',
  deliver_on: '',
  promo_recipient_name: 'Robin',
  promo_recipient_email: 'robin@example.com',
  promo_message: '',
  buyer_email: 'robin@example.com',
  ...fields,
});

describe('gift cards', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(1000);
  });
  afterAll(() => shop.close());

  async function buy(fields: Partial<Purchase> = {}, options: { key?: string; cookie?: string } = {}) {
    const { payment, ...rest } = purchase(fields);
    return shop.post(
      giftCardPurchaseEndpoint.path,
      { idempotency_key: options.key ?? newKey(), ...rest, payment: payment ?? { token: await shop.cardToken() } },
      options.cookie,
    );
  }
  const viewOf = (response: { json: <T>() => T }) =>
    response.json<{ data: { purchase: GiftCardPurchaseView } }>().data.purchase;
  const cardsOf = (purchaseId: string) =>
    shop.db
      .selectFrom('gift_cards')
      .selectAll()
      .where('purchase_id', '=', purchaseId)
      .orderBy('kind', 'desc')
      .execute();
  const mailTo = (recipient: string, kind: string) =>
    shop.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).where('kind', '=', kind).execute();
  const balanceOf = (code: string, remoteAddress = '192.0.2.1') =>
    shop.app.inject({ method: 'POST', url: giftCardBalanceEndpoint.path, payload: { code }, remoteAddress });
  const setPromo = (rateCents: number, storeCredit: boolean) =>
    shop.db
      .updateTable('website_config')
      .set({ promo_gift_card_rate_per_fifty_cents: rateCents, promo_store_credit: storeCredit ? 1 : 0 })
      .execute();

  it('sells a guest a card: a new code and its ledger row, the card e-mailed today, the receipt without the code, the payment captured', async () => {
    await setPromo(0, false);
    const response = await buy({ amount: 75, buyer_email: 'buyer@example.com' });
    expect(response.statusCode, response.body).toBe(200);
    const view = viewOf(response);
    expect(view).toMatchObject({
      amount: 75,
      recipient_name: 'Jamie',
      recipient_email: 'jamie@example.com',
      deliver_on: today(),
      bonus: null,
      receipt_email: 'buyer@example.com',
      card: { brand: 'visa', last4: '4242' },
    });
    const [card] = await cardsOf(view.id);
    expect(card).toMatchObject({
      kind: 'purchased',
      initial_cents: 7500,
      balance_cents: 7500,
      recipient_email: 'jamie@example.com',
      message: 'Happy birthday!',
      purchaser_customer_id: null,
    });
    expect(card?.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(card?.delivered_at).not.toBeNull();
    const entries = await shop.db
      .selectFrom('gift_card_entries')
      .select(['amount_cents', 'reason'])
      .where('gift_card_id', '=', card?.id ?? '')
      .execute();
    expect(entries).toEqual([{ amount_cents: 7500, reason: 'purchased' }]);
    const [mail] = await mailTo('jamie@example.com', 'gift-card');
    expect(mail?.subject).toBe(MAIL_MESSAGES.giftCardMailSubject('ACME', null));
    expect(mail?.body_text).toContain(card?.code);
    expect(mail?.body_text).toContain('Happy birthday!');
    const [receipt] = await mailTo('buyer@example.com', 'gift-card-receipt');
    expect(receipt?.body_text).toContain(MAIL_MESSAGES.giftCardReceiptCard('$75', 'Jamie', 'jamie@example.com'));
    expect(receipt?.body_text).not.toContain(card?.code);
    const purchaseRow = await shop.db
      .selectFrom('gift_card_purchases')
      .selectAll()
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(purchaseRow.payment_status).toBe('captured');
    expect(
      await shop.db
        .selectFrom('payments')
        .select(['status', 'captured_cents'])
        .where('id', '=', purchaseRow.payment_reference)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'captured', captured_cents: 7500 });
  });

  it('adds the promotion’s bonus card for every full fifty dollars, to its own recipient, or store credit when the merchant says so', async () => {
    await setPromo(1000, false);
    const hundred = viewOf(await buy({ amount: 149, promo_message: 'Keep this one' }));
    expect(hundred.bonus).toEqual({ kind: 'card', amount: 20, recipient_email: 'robin@example.com' });
    const cards = await cardsOf(hundred.id);
    expect(cards.map((card) => [card.kind, card.initial_cents, card.recipient_email])).toEqual([
      ['purchased', 14900, 'jamie@example.com'],
      ['bonus', 2000, 'robin@example.com'],
    ]);
    expect((await mailTo('robin@example.com', 'gift-card')).map((mail) => mail.subject)).toContain(
      MAIL_MESSAGES.giftCardBonusMailSubject('ACME'),
    );
    // Under fifty dollars there is no bonus, and its recipient is not asked for.
    const small = await buy({ amount: 49, promo_recipient_name: '', promo_recipient_email: '' });
    expect(small.statusCode, small.body).toBe(200);
    expect(viewOf(small).bonus).toBeNull();
    // A bonus card with no recipient of its own goes to the buyer ('Send it to me'); one given must be an address.
    const toBuyer = viewOf(
      await buy({ amount: 50, promo_recipient_name: '', promo_recipient_email: '', buyer_email: 'sam@example.com' }),
    );
    expect(toBuyer.bonus).toEqual({ kind: 'card', amount: 10, recipient_email: 'sam@example.com' });
    expect((await cardsOf(toBuyer.id)).map((card) => [card.kind, card.recipient_email])).toEqual([
      ['purchased', 'jamie@example.com'],
      ['bonus', 'sam@example.com'],
    ]);
    expect((await mailTo('sam@example.com', 'gift-card')).map((mail) => mail.subject)).toContain(
      MAIL_MESSAGES.giftCardBonusMailSubject('ACME'),
    );
    const signedInToSelf = viewOf(
      await buy(
        { amount: 50, promo_recipient_name: '', promo_recipient_email: '' },
        { cookie: await shop.signIn(DEMO_CUSTOMER_ID) },
      ),
    );
    expect(signedInToSelf.bonus).toEqual({ kind: 'card', amount: 10, recipient_email: 'demo@acme.test' });
    const missing = await buy({ amount: 50, promo_recipient_name: '', promo_recipient_email: 'not-an-address' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      error: MESSAGES.correctTheErrors,
      fields: { promo_recipient_email: MESSAGES.invalidEmail },
    });

    await setPromo(1250, true);
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    const credit = (
      await shop.db
        .selectFrom('customers')
        .select('store_credit_cents')
        .where('id', '=', DEMO_CUSTOMER_ID)
        .executeTakeFirstOrThrow()
    ).store_credit_cents;
    const signedIn = viewOf(
      await buy({ amount: 100, promo_recipient_name: '', promo_recipient_email: '' }, { cookie }),
    );
    expect(signedIn).toMatchObject({
      bonus: { kind: 'store_credit', amount: 25, recipient_email: null },
      receipt_email: 'demo@acme.test',
    });
    expect(await cardsOf(signedIn.id)).toHaveLength(1);
    expect(
      (
        await shop.db
          .selectFrom('customers')
          .select('store_credit_cents')
          .where('id', '=', DEMO_CUSTOMER_ID)
          .executeTakeFirstOrThrow()
      ).store_credit_cents,
    ).toBe(credit + 2500);
    const entry = await shop.db
      .selectFrom('store_credit_entries')
      .select(['amount_cents', 'reason'])
      .where('customer_id', '=', DEMO_CUSTOMER_ID)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ amount_cents: 2500, reason: 'gift-card-bonus' });
    // Store credit needs an account: a guest earns none.
    expect(viewOf(await buy({ amount: 100 })).bonus).toBeNull();
    await setPromo(0, false);
  });

  it('lets a signed-in buyer pay with a saved card, and lists the cards bought in the wallet with their balances', async () => {
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    const bought = viewOf(
      await buy(
        { amount: 40, recipient_email: 'friend@example.com', payment: { saved_card_id: 'card-demo-visa' } },
        { cookie },
      ),
    );
    expect(bought.card.last4).toMatch(/^\d{4}$/);
    // Another customer's saved card is no card at all.
    const stranger = await buy({ payment: { saved_card_id: 'card-demo-visa' } });
    expect(stranger.json()).toEqual({ error: MESSAGES.savedCardNotFound });
    const [card] = await cardsOf(bought.id);
    const wallet = (
      await shop.app.inject({
        method: 'GET',
        url: '/session-api/account/wallet',
        cookies: { [SESSION_COOKIE]: cookie },
      })
    ).json<{ data: AccountWallet }>().data;
    expect(wallet.gift_cards).toContainEqual(
      expect.objectContaining({
        id: card?.id,
        last4: card?.code.slice(-4),
        initial: 40,
        balance: 40,
        recipient_email: 'friend@example.com',
      }),
    );
  });

  it('refuses amounts outside the limits, bad e-mails, oversize messages and far delivery days with the shared messages, writing nothing', async () => {
    const count = async () => (await shop.db.selectFrom('gift_cards').select('id').execute()).length;
    const before = await count();
    const cases: Array<[Partial<Purchase>, Record<string, string>]> = [
      [{ amount: 5 }, { amount: MESSAGES.minValue(10) }],
      [{ amount: 501 }, { amount: MESSAGES.maxValue(500) }],
      [{ amount: 25.5 }, { amount: MESSAGES.giftCardWholeDollars }],
      [{ recipient_email: 'jamie@' }, { recipient_email: MESSAGES.invalidEmail }],
      [{ recipient_name: '  ' }, { recipient_name: MESSAGES.valueRequired }],
      [{ message: 'x'.repeat(251) }, { message: MESSAGES.maxLength(250) }],
      [{ buyer_email: '' }, { buyer_email: MESSAGES.valueRequired }],
      [{ deliver_on: addDays(today(), 400) }, { deliver_on: MESSAGES.giftCardDeliveryDayInvalid }],
      [{ deliver_on: '2026-02-30' }, { deliver_on: MESSAGES.giftCardDeliveryDayInvalid }],
    ];
    for (const [fields, expected] of cases) {
      const response = await buy(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json()).toEqual({ error: MESSAGES.correctTheErrors, fields: expected });
    }
    const shapes: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /^idempotency_key: /],
      [{ idempotency_key: newKey(), ...purchase(), amount: '50', payment: { token: 'x' } }, /^amount: /],
      [{ idempotency_key: newKey(), ...purchase(), payment: null }, /^payment: /],
    ];
    for (const [body, error] of shapes) {
      const response = await shop.post(giftCardPurchaseEndpoint.path, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(error);
    }
    expect((await buy({}, {})).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('answers the same key with the same purchase and one charge, even 20 times at once; another purchase under it is a 409', async () => {
    const key = newKey();
    const token = await shop.cardToken();
    const charges = (await shop.db.selectFrom('payments').select('id').execute()).length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => buy({ amount: 60, payment: { token } }, { key })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(responses.map((response) => viewOf(response).id));
    expect(ids.size).toBe(1);
    expect(await cardsOf([...ids][0] ?? '')).toHaveLength(1);
    expect((await shop.db.selectFrom('payments').select('id').execute()).length).toBe(charges + 1);
    const other = await buy({ amount: 61, payment: { token } }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: MESSAGES.orderKeyReused });
  });

  it('answers a repeat of a purchase with that purchase, though the promotion has changed since', async () => {
    await setPromo(0, false);
    const key = newKey();
    const token = await shop.cardToken();
    const fields = { amount: 100, promo_recipient_name: '', promo_recipient_email: '', payment: { token } };
    const first = await buy(fields, { key });
    expect(first.statusCode, first.body).toBe(200);
    // The merchant starts a promotion before the lost answer's repeat: the purchase would now earn a bonus card.
    await setPromo(1000, false);
    const again = await buy(fields, { key });
    expect(again.statusCode, again.body).toBe(200);
    expect(viewOf(again)).toEqual(viewOf(first));
    await setPromo(0, false);
  });

  it('answers a declined card with 402 and makes no card; the same attempt then goes on with a card that pays', async () => {
    const key = newKey();
    const before = (await shop.db.selectFrom('gift_cards').select('id').execute()).length;
    const declined = await buy({ payment: { token: await shop.cardToken('4000000000000002') } }, { key });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: MESSAGES.cardDeclined });
    expect((await shop.db.selectFrom('gift_cards').select('id').execute()).length).toBe(before);
    const paid = await buy({}, { key });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await shop.gatewayPayments()).authorized ?? 0).toBe(0);
  });

  it('sells 200 cards at once, each with its own code and one captured charge', async () => {
    const tokens = await Promise.all(Array.from({ length: 200 }, () => shop.cardToken()));
    const responses = await Promise.all(tokens.map((token) => buy({ amount: 20, payment: { token } })));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(200);
    const codes = await shop.db.selectFrom('gift_cards').select('code').execute();
    expect(new Set(codes.map((row) => row.code)).size).toBe(codes.length);
    const purchases = await shop.db
      .selectFrom('gift_card_purchases')
      .select('payment_status')
      .where('amount_cents', '=', 2000)
      .execute();
    expect(purchases.filter((row) => row.payment_status === 'captured')).toHaveLength(200);
    expect((await shop.gatewayPayments()).authorized ?? 0).toBe(0);
  });

  it('e-mails a card on its delivery day, once, however many sweeps run at once', async () => {
    const tomorrow = addDays(today(), 1);
    const view = viewOf(await buy({ recipient_email: 'later@example.com', deliver_on: tomorrow }));
    expect(view.deliver_on).toBe(tomorrow);
    const [card] = await cardsOf(view.id);
    expect(card?.delivered_at).toBeNull();
    expect(await mailTo('later@example.com', 'gift-card')).toHaveLength(0);
    const orders = createOrderContext(shop.config, shop.db);
    expect((await sweepOrders(orders, new Date())).giftCardsDelivered).toBe(0);
    expect(await mailTo('later@example.com', 'gift-card')).toHaveLength(0);

    const dayAfter = new Date(Date.now() + 36 * 60 * 60_000);
    const delivered = await Promise.all([
      deliverDueGiftCards(orders, dayAfter),
      deliverDueGiftCards(orders, dayAfter),
      deliverDueGiftCards(orders, dayAfter),
    ]);
    expect(delivered.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mails = await mailTo('later@example.com', 'gift-card');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body_text).toContain(card?.code);
    expect(await deliverDueGiftCards(orders, dayAfter)).toBe(0);
  });

  it('shows a balance by code however it is typed, and limits wrong codes per address with one message, even 200 at once', async () => {
    const view = viewOf(await buy({ amount: 30 }));
    const [card] = await cardsOf(view.id);
    const code = card?.code ?? '';
    const typed = ` ${code.replace(/-/g, ' ').toLowerCase()} `;
    const right = await balanceOf(typed, '198.51.100.7');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ data: { last4: code.slice(-4), balance: 30 } });

    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => balanceOf(`AAAA-BBBB-CCCC-${String(i).padStart(4, '2')}`, '203.0.113.9')),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(GIFT_CARD_GUESSES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - GIFT_CARD_GUESSES_PER_ADDRESS);
    expect(guesses.find((response) => response.statusCode === 404)?.json()).toEqual({
      error: MESSAGES.giftCardNotFound,
    });
    expect(guesses.find((response) => response.statusCode === 429)?.json()).toEqual({
      error: MESSAGES.giftCardTooManyTries,
    });
    // Past the limit even the right code is refused from that address; other addresses are not held back.
    expect((await balanceOf(code, '203.0.113.9')).statusCode).toBe(429);
    // Right codes do not use up tries.
    for (let i = 0; i < GIFT_CARD_GUESSES_PER_ADDRESS + 5; i += 1)
      expect((await balanceOf(code, '198.51.100.7')).statusCode).toBe(200);

    // The bag's gift cards count too: past the limit the bag is priced without them, and says why.
    const bag = shop.cart([], { gift_card_payment_items: [{ code, amount: 0 }] });
    const priced = await shop.app.inject({
      method: 'POST',
      url: '/session-api/checkout/get-cart',
      payload: { cart: bag },
      remoteAddress: '203.0.113.9',
    });
    expect(priced.json<{ messages: unknown[]; updatedCart: { gift_card_payment_items: unknown[] } }>()).toMatchObject({
      messages: [{ type: 'danger', text: MESSAGES.giftCardTooManyTries }],
      updatedCart: { gift_card_payment_items: [] },
    });
    expect((await balanceOf('', '198.51.100.7')).statusCode).toBe(404);
    expect(
      (await shop.app.inject({ method: 'POST', url: giftCardBalanceEndpoint.path, payload: { code: 5 } })).statusCode,
    ).toBe(400);
  });
});
