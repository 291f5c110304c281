import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import type { AccountOrder, AccountWallet } from '../../shared/account-area.ts';
import { accountOrdersEndpoint, accountWalletEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import type { OrderView } from '../../shared/order.ts';
import { createOrderTestShop, type OrderTestShop } from './order-test-support.ts';

describe('the demo customer’s past orders', () => {
  let shop: OrderTestShop;
  let orders: AccountOrder[];
  let views: OrderView[];
  beforeAll(async () => {
    shop = await createOrderTestShop();
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    orders = (
      await shop.app.inject({ method: 'GET', url: accountOrdersEndpoint.path, cookies: { sid: cookie } })
    ).json<{
      data: AccountOrder[];
    }>().data;
    views = await Promise.all(
      orders.map(
        async (order) =>
          (await shop.app.inject({ method: 'GET', url: order.url.replace('/order/', '/api/orders/') })).json<{
            data: OrderView;
          }>().data,
      ),
    );
  });
  afterAll(() => shop.close());

  const mailOf = async (order: OrderView, kind: string) =>
    shop.db
      .selectFrom('outbox')
      .select(['subject', 'body_text', 'created_at'])
      .where('recipient', '=', order.email)
      .where('kind', '=', kind)
      .where('subject', 'like', `%${order.number}%`)
      .executeTakeFirst();
  const byNumber = (number: number) => {
    const view = views.find((order) => order.number === number);
    if (!view) throw new Error(`no order ${number}`);
    return view;
  };

  it('show one total in the list, on the page and in the confirmation e-mail, and say how each was paid', async () => {
    expect(orders.map((order) => order.number)).toEqual([100003, 100002, 100001]);
    for (const [index, order] of orders.entries()) {
      const view = views[index];
      expect(view?.number).toBe(order.number);
      expect(order.total).toBe(view?.totals.total);
      const mail = await mailOf(view as OrderView, 'order-confirmation');
      expect(mail?.body_text).toContain(`${MESSAGES.total}: ${formatMoney(order.total)}\n`);
      // What paid adds up to the total: the card, and the store credit of the second order.
      const { totals } = view as OrderView;
      expect(view?.payment).toEqual({ brand: 'visa', last4: '4242' });
      expect(totals.card).toBeGreaterThan(0);
      expect(totals.card + totals.store_credit + totals.gift_cards).toBeCloseTo(totals.total, 2);
      expect(mail?.created_at).toBe(view?.created_at);
    }
    expect(byNumber(100002).totals.store_credit).toBe(10);
  });

  it('show the first order’s discount in its e-mail, and its return on its page', async () => {
    const first = byNumber(100001);
    expect(first.totals.discount).toBeGreaterThan(0);
    const mail = await mailOf(first, 'order-confirmation');
    expect(mail?.body_text).toContain(`${MESSAGES.discount}: −${formatMoney(first.totals.discount)}`);
    expect(mail?.body_text).toContain(`${MESSAGES.subtotal}: ${formatMoney(first.totals.subtotal)}`);
    expect(first.refunds).toMatchObject([{ method: 'card', reason: 'return', pending: false }]);
    expect(first.totals.refunded).toBe(first.refunds[0]?.amount);
    expect(first.history.map((event) => event.kind)).toEqual([
      'placed',
      'paid',
      'shipped',
      'delivered',
      'returned',
      'card_refunded',
    ]);
  });

  it('give the shipped orders their tracking link, on the page and in the shipment e-mail', async () => {
    for (const number of [100001, 100002]) {
      const view = byNumber(number);
      expect(view.tracking_url).toMatch(/^https:\/\//);
      expect(view.history.find((event) => event.kind === 'shipped')?.data.tracking_url).toBe(view.tracking_url);
      expect((await mailOf(view, 'order-shipped'))?.body_text).toContain(
        `${MESSAGES.trackPackage}: ${view.tracking_url ?? ''}`,
      );
    }
    expect(byNumber(100002).status).toBe('shipped');
    expect(byNumber(100003)).toMatchObject({ status: 'paid', tracking_url: null });
  });

  it('leave the wallet’s store credit adding up, and count only the customer’s own gift cards as theirs', async () => {
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    const wallet = (
      await shop.app.inject({ method: 'GET', url: accountWalletEndpoint.path, cookies: { sid: cookie } })
    ).json<{
      data: AccountWallet;
    }>().data;
    expect(wallet.store_credit.balance).toBe(25);
    expect(wallet.store_credit.history.reduce((sum, entry) => sum + entry.amount, 0)).toBe(25);
    expect(wallet.gift_cards.filter((card) => card.owned)).toEqual([]);
    expect(wallet.gift_cards.map((card) => card.recipient_email)).toEqual(['jamie@example.com']);
  });
});
