import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../demo/accounts.ts';
import { giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import type { GiftCardPurchaseView } from '../../shared/gift-card.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { MAIL_MESSAGES } from '../../shared/mail-messages.ts';
import type { OrderView } from '../../shared/order.ts';
import { refundGiftCardPurchase } from '../gift-cards/refund-gift-card-purchase.ts';
import { Refusal } from '../refusal.ts';
import { createOrderContext } from './order-context.ts';
import { createOrderTestShop, DENVER, line, newKey, SACRAMENTO, type OrderTestShop } from './order-test-support.ts';

describe('the e-mails about an order', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop(200);
  });
  afterAll(() => shop.close());

  const place = async (...args: Parameters<OrderTestShop['placeOrder']>) => {
    const response = await shop.placeOrder(...args);
    expect(response.statusCode, response.body).toBe(200);
    return shop.orderOf(response);
  };
  const view = async (order: Pick<OrderView, 'id' | 'hash'>) =>
    (await shop.app.inject({ method: 'GET', url: `/api/orders/${order.id}/${order.hash}` })).json<{ data: OrderView }>()
      .data;
  const mailsOf = (recipient: string, kind: string) =>
    shop.db
      .selectFrom('outbox')
      .select(['subject', 'body_text', 'body_html'])
      .where('recipient', '=', recipient)
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute();
  const admin = (orderId: string, body: Record<string, unknown>) =>
    shop.app.inject({
      method: 'POST',
      url: `/admin-api/orders/${orderId}/status`,
      payload: body,
      headers: { authorization: `Bearer ${shop.config.adminApiKey}` },
    });

  it('confirms an order with the totals its page shows: the discount on its own line, the same total, what paid', async () => {
    const email = 'discount@example.com';
    const order = await place(shop.cart([line(shop.sku, 5)], { customer_email: email, promo_code_code: 'WELCOME10' }));
    // $100 less 10 % is $90, shipping free over $50.
    expect(order.totals).toMatchObject({ subtotal: 100, discount: 10, total: 90, card: 90 });
    const [mail] = await mailsOf(email, 'order-confirmation');
    expect(mail?.body_text).toContain(`${MESSAGES.subtotal}: $100`);
    expect(mail?.body_text).toContain(`${MESSAGES.discount}: −$10`);
    expect(mail?.body_text).toContain(`${MESSAGES.total}: $90\n`);
    expect(mail?.body_text).toContain(`${MAIL_MESSAGES.paidWith('Visa ending in 4242')}: $90`);
    expect(mail?.body_html).toContain(`<td>${MESSAGES.discount}</td><td align="right">−$10</td>`);
  });

  it('tells the shopper of a cancellation, with each refund and where it goes, once and only when it happens', async () => {
    const email = 'cancel@example.com';
    const order = await place(shop.cart([line(shop.sku, 1)], { customer_email: email }));
    const cancelled = await shop.post(`/api/orders/${order.id}/${order.hash}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await shop.post(`/api/orders/${order.id}/${order.hash}/cancel`, {});
    expect(again.statusCode).toBe(409);
    const mails = await mailsOf(email, 'order-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(MAIL_MESSAGES.orderCancelledSubject(order.number));
    expect(mails[0]?.body_text).toContain(MAIL_MESSAGES.orderCancelledIntro);
    expect(mails[0]?.body_text).toContain(`${MESSAGES.total}: $25.95`);
    expect(mails[0]?.body_text).toMatch(/Refunded to Visa ending in 4242.*: −\$25\.95/);
    expect(mails[0]?.body_text).toContain(`/order/${order.id}/${order.hash}`);
  });

  it('tells of an address change with the new address and the tax it gave back', async () => {
    const email = 'moved@example.com';
    const order = await place(shop.cart([line(shop.sku, 1)], { customer_email: email, shipping_address: SACRAMENTO }));
    const changed = await shop.post(`/api/orders/${order.id}/${order.hash}/address`, {
      shipping_address: { ...DENVER, address1: '2400 Broadway', city: 'Denver' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [mail] = await mailsOf(email, 'order-address-changed');
    expect(mail?.subject).toBe(MAIL_MESSAGES.orderAddressChangedSubject(order.number));
    expect(mail?.body_text).toContain('2400 Broadway');
    expect(mail?.body_text).toContain('Denver, Colorado 80202');
    // California's $1.45 on $20 comes back: Colorado charges none here.
    expect(mail?.body_text).toMatch(/Refunded to Visa ending in 4242.*: −\$1\.45/);
    const refused = await shop.post(`/api/orders/${order.id}/${order.hash}/address`, {
      shipping_address: { ...DENVER, country: 'CA', region: 'ON', postcode: 'K1A 0B1' },
    });
    expect(refused.statusCode).toBe(422);
    expect(await mailsOf(email, 'order-address-changed')).toHaveLength(1);
  });

  it('sends the tracking link when the order ships, and tells of the merchant’s refund after', async () => {
    const email = 'shipped@example.com';
    const order = await place(shop.cart([line(shop.sku, 2)], { customer_email: email }));
    const trackingUrl = 'https://carrier.example/track?n=1Z999';
    expect((await admin(order.id, { status: 'shipped', tracking_url: trackingUrl })).statusCode).toBe(200);
    const [shipped] = await mailsOf(email, 'order-shipped');
    expect(shipped?.subject).toBe(MAIL_MESSAGES.orderShippedSubject(order.number));
    expect(shipped?.body_text).toContain(`${MESSAGES.trackPackage}: ${trackingUrl}`);
    expect(shipped?.body_html).toContain(`href="https://carrier.example/track?n=1Z999"`);
    expect((await view(order)).tracking_url).toBe(trackingUrl);

    expect((await admin(order.id, { status: 'refunded' })).statusCode).toBe(200);
    const [refunded] = await mailsOf(email, 'order-refunded');
    expect(refunded?.subject).toBe(MAIL_MESSAGES.orderRefundedSubject(order.number));
    expect(refunded?.body_text).toMatch(/Refunded to Visa ending in 4242.*: −\$45\.95/);
  });

  it('tells the shopper once that the order was delivered, however often or at once the merchant marks it', async () => {
    const email = 'delivered@example.com';
    const order = await place(shop.cart([line(shop.sku, 1)], { customer_email: email }));
    const shipped = await admin(order.id, { status: 'shipped', tracking_url: 'https://carrier.example/track?n=1Z998' });
    expect(shipped.statusCode).toBe(200);
    // Two marks at once, as two admins or a retried request send them, then a third after: one moves the order.
    const marks = await Promise.all([
      admin(order.id, { status: 'delivered' }),
      admin(order.id, { status: 'delivered' }),
    ]);
    expect(marks.map((mark) => mark.statusCode).sort()).toEqual([200, 409]);
    expect((await admin(order.id, { status: 'delivered' })).statusCode).toBe(409);
    const mails = await mailsOf(email, 'order-delivered');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(MAIL_MESSAGES.orderDeliveredSubject(order.number));
    expect(mails[0]?.body_text).toContain(MAIL_MESSAGES.orderDeliveredIntro);
    expect(mails[0]?.body_text).toContain(`${MESSAGES.viewYourOrder}: `);
    expect(mails[0]?.body_text).toContain(`/order/${order.id}/${order.hash}`);
    expect(mails[0]?.body_html).toContain(`/order/${order.id}/${order.hash}"`);
    expect(await mailsOf(email, 'order-shipped')).toHaveLength(1);
  });

  it('names the sender of a gift card with the right article, and tells the buyer of the purchase’s refund', async () => {
    const cookie = await shop.signIn(DEMO_CUSTOMER_ID);
    const bought = await shop.post(
      giftCardPurchaseEndpoint.path,
      {
        idempotency_key: newKey(),
        amount: 50,
        recipient_name: 'Sam',
        recipient_email: 'sam@example.com',
        message: '',
        deliver_on: '',
        promo_recipient_name: '',
        promo_recipient_email: '',
        promo_message: '',
        buyer_email: 'demo@acme.test',
        payment: { token: await shop.cardToken() },
      },
      cookie,
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const [card] = await mailsOf('sam@example.com', 'gift-card');
    expect(card?.subject).toBe("You've received an ACME gift card from Alex");

    const purchaseId = bought.json<{ data: { purchase: GiftCardPurchaseView } }>().data.purchase.id;
    const refund = await refundGiftCardPurchase(
      createOrderContext(shop.config, shop.db),
      { id: purchaseId },
      new Date(),
    );
    expect(refund).not.toBeInstanceOf(Refusal);
    await refundGiftCardPurchase(createOrderContext(shop.config, shop.db), { id: purchaseId }, new Date());
    const mails = await mailsOf('demo@acme.test', 'gift-card-refund');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(MAIL_MESSAGES.giftCardRefundSubject('ACME'));
    expect(mails[0]?.body_text).toContain(`${MESSAGES.refundedTo('Visa ending in 4242')}: −$50`);
  });
});
