import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { MAIL_MESSAGES } from '../../shared/mail-messages.ts';
import { Mailer, type MailTransport } from '../mail/mailer.ts';
import { paymentError, type PaymentGateway } from '../payments/payment-gateway.ts';
import { TestGateway } from '../payments/test-gateway.ts';
import { Refusal } from '../refusal.ts';
import { createOrderContext, type OrderContext } from './order-context.ts';
import { createOrderTestShop, line, newKey, type OrderTestShop } from './order-test-support.ts';
import { authorizeKey } from '../checkout/checkout-attempts.ts';
import { placeOrder } from './place-order.ts';
import { sweepOrders } from './order-sweeper.ts';

describe('the order sweeper', () => {
  let shop: OrderTestShop;
  let orders: OrderContext;
  beforeAll(async () => {
    shop = await createOrderTestShop(100);
    orders = createOrderContext(shop.config, shop.db);
  });
  afterAll(() => shop.close());

  const later = () => new Date(Date.now() + 60_000);
  const paymentStatus = async (id: string) =>
    (await shop.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('voids the authorization of an attempt a crash left without an order, whether or not the gateway saw it', async () => {
    const token = await shop.cardToken();
    const [authorizedKey, unsentKey] = [newKey(), newKey()];
    const now = new Date().toISOString();
    for (const key of [authorizedKey, unsentKey]) {
      await shop.db
        .insertInto('order_attempts')
        .values({
          idempotency_key: key,
          fingerprint: 'f',
          status: 'authorizing',
          card_token: token,
          amount_cents: 2595,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // The crash came after the gateway authorized this one, before its order was written.
    const held = await orders.gateway.authorize({
      token,
      amountCents: 2595,
      idempotencyKey: authorizeKey(authorizedKey, 1),
    });
    if (held.status !== 'approved') throw new Error('not authorized');

    const summary = await sweepOrders(orders, later());
    expect(summary.voided).toBe(2);
    expect(await paymentStatus(held.paymentId)).toBe('voided');
    expect((await shop.gatewayPayments()).authorized ?? 0).toBe(0);
    const attempts = await shop.db
      .selectFrom('order_attempts')
      .select(['status', 'failure'])
      .where('idempotency_key', 'in', [authorizedKey, unsentKey])
      .execute();
    expect(attempts.map((attempt) => attempt.status)).toEqual(['failed', 'failed']);
    expect(JSON.parse(attempts[0]?.failure ?? '{}')).toMatchObject({
      status: 503,
      body: { error: MESSAGES.paymentUnavailable },
    });
  });

  it('captures an order whose capture did not happen', async () => {
    const gateway = new TestGateway(shop.db);
    const unavailable: PaymentGateway = Object.assign(Object.create(gateway) as TestGateway, {
      capture: async () => paymentError('unavailable', 'the gateway is down'),
    });
    const flaky = { ...orders, gateway: unavailable };
    const bag = shop.cart([line(shop.sku, 1)]);
    const expected = (await shop.priced(bag)).updatedCart.totals.balance_due.amount;
    const placed = await placeOrder(flaky, {
      idempotencyKey: newKey(),
      cart: bag,
      payment: { token: await shop.cardToken() },
      expectedBalanceDueCents: Math.round(expected * 100),
      customer: null,
      clientAddress: '127.0.0.1',
      now: new Date(),
    });
    if (placed instanceof Refusal) throw new Error(JSON.stringify(placed));
    const order = await shop.db
      .selectFrom('orders')
      .select(['status', 'payment_reference'])
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('placed');
    expect(await paymentStatus(order.payment_reference ?? '')).toBe('authorized');

    expect((await sweepOrders(orders, later())).captured).toBe(1);
    expect(
      (await shop.db.selectFrom('orders').select('status').where('id', '=', placed.orderId).executeTakeFirstOrThrow())
        .status,
    ).toBe('paid');
    expect(await paymentStatus(order.payment_reference ?? '')).toBe('captured');
  });

  it('sends mail through SMTP once, and keeps a message whose sending failed for the next sweep', async () => {
    const sent: string[] = [];
    let failing = true;
    const transport: MailTransport = {
      sendMail: async (message) => {
        if (failing) throw new Error('connection refused');
        sent.push(message.subject);
      },
    };
    const mailer = new Mailer(shop.db, { smtpUrl: null, from: 'shop <orders@example.com>', transport });
    const id = await mailer.enqueue(
      shop.db,
      { kind: 'test', to: 'a@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' },
      new Date(),
    );
    await mailer.deliver([id]);
    expect(
      await shop.db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ sent_at: null, attempts: 1, last_error: 'connection refused' });
    failing = false;
    await sweepOrders({ ...orders, mailer }, new Date());
    await mailer.deliver([id]);
    // Sent once, though delivered twice; the sweep sent the earlier order's confirmation too.
    expect(sent.filter((subject) => subject === 'Hello')).toHaveLength(1);
    expect(sent).toContain(MAIL_MESSAGES.orderConfirmationSubject(100_004));
    expect(
      (await shop.db.selectFrom('outbox').select('sent_at').where('id', '=', id).executeTakeFirstOrThrow()).sent_at,
    ).not.toBeNull();
  });
});
