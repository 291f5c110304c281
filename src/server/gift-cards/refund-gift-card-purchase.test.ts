import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import { giftCardBalanceEndpoint, giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import { addDays, dayIn, type GiftCardPurchaseRequest, type GiftCardPurchaseView } from '../../shared/gift-card.ts';
import type { OrderView } from '../../shared/order.ts';
import { paymentError, type PaymentGateway } from '../payments/payment-gateway.ts';
import { TestGateway } from '../payments/test-gateway.ts';
import { createOrderContext, type OrderContext } from '../orders/order-context.ts';
import { sweepOrders } from '../orders/order-sweeper.ts';
import { Refusal } from '../refusal.ts';
import { createOrderTestShop, line, newKey, type OrderTestShop } from '../orders/order-test-support.ts';
import { buyGiftCards } from './buy-gift-cards.ts';
import { deliverDueGiftCards } from './gift-card-sweeper.ts';
import { refundGiftCardPurchase } from './refund-gift-card-purchase.ts';

type Purchase = Omit<GiftCardPurchaseRequest, 'idempotency_key' | 'payment'>;

const purchase = (fields: Partial<Purchase> = {}): Purchase => ({
  amount: 100,
  recipient_name: 'Jamie',
  recipient_email: 'jamie@example.com',
  message: '',
  deliver_on: '',
  promo_recipient_name: 'Robin',
  promo_recipient_email: 'robin@example.com',
  promo_message: '',
  buyer_email: 'buyer@example.com',
  ...fields,
});

interface RefundAnswer {
  purchase_id: string;
  amount: number;
  refunded: number;
  spent: number;
  bonus_withdrawn: number;
  voided: boolean;
  settled: boolean;
}

describe('refunding a gift card purchase', () => {
  let shop: OrderTestShop;
  let orders: OrderContext;
  beforeAll(async () => {
    shop = await createOrderTestShop(1000);
    orders = createOrderContext(shop.config, shop.db);
  });
  afterAll(() => shop.close());

  /** A gateway that takes authorizations but whose other calls fail, as when it is down after the purchase. */
  const downFor = (calls: ReadonlyArray<'capture' | 'void' | 'refund'>): OrderContext => {
    const gateway = new TestGateway(shop.db);
    const down = Object.fromEntries(
      calls.map((call) => [call, async () => paymentError('unavailable', 'the gateway is down')]),
    );
    return { ...orders, gateway: Object.assign(Object.create(gateway) as TestGateway, down) as PaymentGateway };
  };
  const setPromo = (rateCents: number, storeCredit: boolean) =>
    shop.db
      .updateTable('website_config')
      .set({ promo_gift_card_rate_per_fifty_cents: rateCents, promo_store_credit: storeCredit ? 1 : 0 })
      .execute();

  async function buy(fields: Partial<Purchase> = {}, options: { cookie?: string } = {}): Promise<string> {
    const response = await shop.post(
      giftCardPurchaseEndpoint.path,
      { idempotency_key: newKey(), ...purchase(fields), payment: { token: await shop.cardToken() } },
      options.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { purchase: GiftCardPurchaseView } }>().data.purchase.id;
  }
  const admin = (purchaseId: string, payload?: Record<string, unknown>, key = shop.config.adminApiKey) =>
    shop.app.inject({
      method: 'POST',
      url: `/admin-api/gift-card-purchases/${purchaseId}/refund`,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });
  const refundOf = async (purchaseId: string) => {
    const response = await admin(purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: RefundAnswer }>().data;
  };
  const cardsOf = (purchaseId: string) =>
    shop.db
      .selectFrom('gift_cards')
      .selectAll()
      .where('purchase_id', '=', purchaseId)
      .orderBy('kind', 'desc')
      .execute();
  const paymentOf = async (purchaseId: string) => {
    const { payment_reference: reference } = await shop.db
      .selectFrom('gift_card_purchases')
      .select('payment_reference')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    return shop.db
      .selectFrom('payments')
      .select(['status', 'authorized_cents', 'captured_cents', 'refunded_cents'])
      .where('id', '=', reference)
      .executeTakeFirstOrThrow();
  };
  const ledgerOf = async (cardId: string) =>
    (
      await shop.db.selectFrom('gift_card_entries').select('amount_cents').where('gift_card_id', '=', cardId).execute()
    ).reduce((sum, entry) => sum + entry.amount_cents, 0);
  /** Places a bag of one $20 line paid by the card, as priced before: its answer, and what the card paid. */
  const spendCard = async (code: string, expected?: number) => {
    const bag = shop.cart([line(shop.sku, 1)], { gift_card_payment_items: [{ code, amount: 0 }] });
    const response = await shop.placeOrder(
      bag,
      expected === undefined ? {} : { expected, payment: { token: 'tok_unused' } },
    );
    const spent = response.statusCode === 200 ? Math.round((shop.orderOf(response).totals.gift_cards ?? 0) * 100) : 0;
    return { response, spent };
  };

  it('voids a purchase not yet captured: the buyer is never charged, and its card and bonus card are withdrawn and never e-mailed', async () => {
    await setPromo(1000, false);
    const tomorrow = addDays(dayIn(shop.config.shopTimeZone, new Date()), 1);
    const bought = await buyGiftCards(downFor(['capture']), {
      idempotencyKey: newKey(),
      request: { ...purchase({ deliver_on: tomorrow }), payment: { token: await shop.cardToken() } },
      customer: null,
      clientAddress: '127.0.0.1',
      now: new Date(),
    });
    if (bought instanceof Refusal) throw new Error(JSON.stringify(bought));
    expect((await paymentOf(bought.purchaseId)).status).toBe('authorized');

    expect(await refundOf(bought.purchaseId)).toEqual({
      purchase_id: bought.purchaseId,
      amount: 100,
      refunded: 100,
      spent: 0,
      bonus_withdrawn: 20,
      voided: true,
      settled: true,
    });
    expect((await paymentOf(bought.purchaseId)).status).toBe('voided');
    const cards = await cardsOf(bought.purchaseId);
    expect(cards.map((card) => [card.kind, card.balance_cents, card.withdrawn_at !== null])).toEqual([
      ['purchased', 0, true],
      ['bonus', 0, true],
    ]);
    for (const card of cards) expect(await ledgerOf(card.id)).toBe(0);
    const [bought100] = cards;
    const check = await shop.app.inject({
      method: 'POST',
      url: giftCardBalanceEndpoint.path,
      payload: { code: bought100?.code },
      remoteAddress: '198.51.100.20',
    });
    expect(check.json()).toEqual({ data: { last4: bought100?.code.slice(-4), balance: 0 } });

    // Its day comes, but a withdrawn card is not e-mailed; the sweep captures nothing of it.
    expect(await deliverDueGiftCards(orders, new Date(Date.now() + 36 * 60 * 60_000))).toBe(0);
    await sweepOrders(orders, new Date(Date.now() + 60_000));
    expect((await paymentOf(bought.purchaseId)).status).toBe('voided');
    // Asked again, it answers the same and moves no money.
    expect((await refundOf(bought.purchaseId)).voided).toBe(true);
    expect((await paymentOf(bought.purchaseId)).status).toBe('voided');
    await setPromo(0, false);
  });

  it('refunds only what is left of a card partly spent, and says so; an order that spent it and is cancelled later sends its share on', async () => {
    const purchaseId = await buy({ amount: 50 });
    const [card] = await cardsOf(purchaseId);
    const { response, spent } = await spendCard(card?.code ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(spent).toBeGreaterThan(0);

    const refunded = await refundGiftCardPurchase(orders, { code: (card?.code ?? '').toLowerCase() }, new Date());
    expect(refunded).toMatchObject({
      purchaseId,
      amountCents: 5000,
      refundedCents: 5000 - spent,
      spentCents: spent,
      voided: false,
      settled: true,
    });
    expect(await paymentOf(purchaseId)).toMatchObject({
      status: 'captured',
      captured_cents: 5000,
      refunded_cents: 5000 - spent,
    });
    expect(await ledgerOf(card?.id ?? '')).toBe(0);

    // The order is cancelled: the card it spent is withdrawn, so the money goes on to the card that bought it.
    const order: OrderView = shop.orderOf(response);
    const cancelled = await shop.post(`/api/orders/${order.id}/${order.hash}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await cardsOf(purchaseId))[0]?.balance_cents).toBe(0);
    expect(await paymentOf(purchaseId)).toMatchObject({ captured_cents: 5000, refunded_cents: 5000 });
    expect(await refundOf(purchaseId)).toMatchObject({ refunded: 50, spent: 0, settled: true });
    const rows = await shop.db
      .selectFrom('gift_card_refunds')
      .select(['amount_cents', 'status', 'reason'])
      .where('purchase_id', '=', purchaseId)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { amount_cents: 5000 - spent, status: 'done', reason: 'refund' },
      { amount_cents: spent, status: 'done', reason: 'cancellation' },
    ]);
  });

  it('takes back what is left of a store-credit bonus, with no refund', async () => {
    await setPromo(1000, true);
    await shop.db.updateTable('customers').set({ store_credit_cents: 0 }).where('id', '=', DEMO_CUSTOMER_ID).execute();
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    const purchaseId = await buy({ amount: 100, promo_recipient_name: '', promo_recipient_email: '' }, { cookie });
    const credit = () =>
      shop.db
        .selectFrom('customers')
        .select('store_credit_cents')
        .where('id', '=', DEMO_CUSTOMER_ID)
        .executeTakeFirstOrThrow();
    expect((await credit()).store_credit_cents).toBe(2000);
    // Some of the credit was spent meanwhile.
    await shop.db
      .updateTable('customers')
      .set({ store_credit_cents: 1500 })
      .where('id', '=', DEMO_CUSTOMER_ID)
      .execute();
    expect(await refundOf(purchaseId)).toMatchObject({
      refunded: 100,
      spent: 0,
      bonus_withdrawn: 15,
      voided: false,
      settled: true,
    });
    expect((await credit()).store_credit_cents).toBe(0);
    const entry = await shop.db
      .selectFrom('store_credit_entries')
      .select(['amount_cents', 'reason'])
      .where('customer_id', '=', DEMO_CUSTOMER_ID)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ amount_cents: -1500, reason: 'gift-card-bonus-withdrawn' });
    await setPromo(0, false);
  });

  it('answers 200 refunds of one purchase at once with one refund at the gateway', async () => {
    const purchaseId = await buy({ amount: 60 });
    const answers = await Promise.all(Array.from({ length: 200 }, () => refundOf(purchaseId)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ refunded: 60, spent: 0, settled: true });
    expect(await paymentOf(purchaseId)).toMatchObject({ captured_cents: 6000, refunded_cents: 6000 });
    expect(
      await shop.db.selectFrom('gift_card_refunds').select('id').where('purchase_id', '=', purchaseId).execute(),
    ).toHaveLength(1);
  });

  it('never lets orders spend what a refund racing them gives back: what they spent and what is refunded add up to the card', async () => {
    const purchaseId = await buy({ amount: 500 });
    const [card] = await cardsOf(purchaseId);
    const code = card?.code ?? '';
    // Every order was priced before the refund, as a shopper's page would be: the card pays it all.
    const bag = shop.cart([line(shop.sku, 1)], { gift_card_payment_items: [{ code, amount: 0 }] });
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    expect(expected).toBe(0);
    const spends = Array.from({ length: 16 }, () => spendCard(code, expected));
    // The refund starts once the first order is in, while the others are on their way.
    const refund = await Promise.race(spends).then(() =>
      refundGiftCardPurchase(orders, { id: purchaseId }, new Date()),
    );
    if (refund instanceof Refusal) throw new Error(refund.body.error);
    const settled = await Promise.all(spends);
    const spent = settled.reduce((sum, order) => sum + order.spent, 0);
    expect(settled.every((order) => order.response.statusCode === 200 || order.response.statusCode === 409)).toBe(true);
    expect(spent + refund.refundedCents).toBe(50_000);
    expect(refund.spentCents).toBe(spent);
    expect((await cardsOf(purchaseId))[0]?.balance_cents).toBe(0);
    expect(await ledgerOf(card?.id ?? '')).toBe(0);
    expect((await paymentOf(purchaseId)).refunded_cents).toBe(refund.refundedCents);
  });

  it('leaves a refund the gateway did not take pending, and the sweeper sends it, as after a crash', async () => {
    const purchaseId = await buy({ amount: 40 });
    const refunded = await refundGiftCardPurchase(downFor(['refund']), { id: purchaseId }, new Date());
    expect(refunded).toMatchObject({ refundedCents: 4000, settled: false });
    expect((await paymentOf(purchaseId)).refunded_cents).toBe(0);
    expect((await sweepOrders(orders, new Date(Date.now() + 60_000))).giftCardPurchaseRefunds).toBeGreaterThanOrEqual(
      1,
    );
    expect(await paymentOf(purchaseId)).toMatchObject({ captured_cents: 4000, refunded_cents: 4000 });
    expect(await refundOf(purchaseId)).toMatchObject({ refunded: 40, settled: true });
  });

  it('answers an unknown purchase 404, a call without the key 401 and a body it does not take 400, changing nothing', async () => {
    const purchaseId = await buy({ amount: 25 });
    expect((await admin('no-such-purchase')).json()).toEqual({ error: 'No such gift card purchase' });
    expect((await admin('no-such-purchase')).statusCode).toBe(404);
    expect((await admin(purchaseId, undefined, 'wrong key')).statusCode).toBe(401);
    const extra = await admin(purchaseId, { amount: 5 });
    expect(extra.statusCode).toBe(400);
    expect((await admin('x'.repeat(101))).statusCode).toBe(400);
    expect(
      (
        await shop.db
          .selectFrom('gift_card_purchases')
          .select('refunded_at')
          .where('id', '=', purchaseId)
          .executeTakeFirstOrThrow()
      ).refunded_at,
    ).toBeNull();
    expect((await cardsOf(purchaseId))[0]?.balance_cents).toBe(2500);
  });
});
