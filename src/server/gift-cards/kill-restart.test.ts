/**
 * The real server as a child process, killed with SIGKILL while gift cards are bought (some requests sent twice
 * under their key), purchases refunded, and orders paid with those cards are placed and cancelled; started again
 * and swept, three times over. Then every request is sent again under its key, and: every purchase and every
 * refund is whole or absent, each card's balance is what its ledger adds up to, and so is each customer's store
 * credit, no charge is left without the purchase or order it paid for, and each key answers what it made before
 * the kills.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import type { GetCartResponse } from '../../shared/bag-pricing.ts';
import { emptyCart, type Cart } from '../../shared/cart.ts';
import type { GiftCardPurchaseView } from '../../shared/gift-card.ts';
import type { CardToken, OrderView } from '../../shared/order.ts';
import { SESSION_COOKIE, sessionIdFor } from '../accounts/sessions.ts';
import type { Db } from '../db/database.ts';
import { createShopProcess, waitForSweep, type Answer, type ShopProcess } from '../kill-restart-support.ts';
import { DENVER, line, newKey } from '../orders/order-test-support.ts';

/** Bought before the load: the cards the orders spend and the refunds withdraw, each $100 with a $20 bonus card. */
const CARDS_BOUGHT_FIRST = 24;
const OPERATIONS = 600;
const IN_FLIGHT = 24;
const ANSWERED_BETWEEN_KILLS = 60;
const CUSTOMERS = 4;
const AMOUNTS = [25, 50, 75, 100, 250];
const SKU_PRICE_CENTS = 3000;
/** An order's card or credit spent by another request (409), or what is left to pay below a card's minimum (422). */
const ORDER_REFUSALS = [409, 422];

type HalfDone = (db: Db) => Promise<unknown[]>;

/**
 * What a kill can leave half-done for the sweeper, one kill aimed at each: a purchase or order authorized but
 * not written, a purchase written but not captured, a refund owed but not sent. (An order written but its card
 * not captured is left to the orders' kill test.)
 */
const HALF_DONE: HalfDone[] = [
  (db) => db.selectFrom('order_attempts').select('idempotency_key').where('status', '=', 'authorizing').execute(),
  (db) => db.selectFrom('gift_card_purchases').select('id').where('payment_status', '=', 'authorized').execute(),
  (db) => db.selectFrom('gift_card_refunds').select('id').where('status', '=', 'pending').execute(),
];

/** A request sent under an idempotency key, as often as it was sent, with what each answer named. */
interface Keyed {
  key: string;
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  answers: Array<Answer<unknown>>;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

const purchaseIdOf = (answer: Answer<unknown>) =>
  (answer.body as { data?: { purchase: GiftCardPurchaseView } }).data?.purchase.id;
const orderOf = (answer: Answer<unknown>) => (answer.body as { data?: { order: OrderView } }).data?.order;

describe('kill -9 while gift cards are bought, refunded and spent, then restart', () => {
  let shop: ShopProcess;
  const skus: string[] = [];
  const customers: Array<{ id: string; cookie: string }> = [];

  beforeAll(async () => {
    shop = await createShopProcess({
      productCount: 40,
      prepare: async (db) => {
        const products = await db.selectFrom('products').select('id').orderBy('id').limit(3).execute();
        for (const product of products) {
          await db
            .updateTable('products')
            .set({ price_cents: SKU_PRICE_CENTS, sale_price_cents: null, max_cart_qty: 0 })
            .where('id', '=', product.id)
            .execute();
          const { sku } = await db
            .selectFrom('skus')
            .select('sku')
            .where('product_id', '=', product.id)
            .orderBy('position')
            .executeTakeFirstOrThrow();
          await db.updateTable('skus').set({ qty: 1000 }).where('sku', '=', sku).execute();
          skus.push(sku);
        }
        const stamp = new Date().toISOString();
        for (let index = 0; index < CUSTOMERS; index += 1) {
          const id = `kill-customer-${index}`;
          const secret = randomBytes(24).toString('hex');
          await db
            .insertInto('customers')
            .values({
              id,
              email: `kill-customer-${index}@example.com`,
              password_hash: 'unused',
              first_name: 'Kim',
              last_name: 'Buyer',
              store_credit_cents: 0,
              verified_at: stamp,
              created_at: stamp,
              updated_at: stamp,
            })
            .execute();
          await db
            .insertInto('sessions')
            .values({
              id: sessionIdFor(secret),
              customer_id: id,
              created_at: stamp,
              expires_at: '2999-01-01T00:00:00.000Z',
              idle_expires_at: '2999-01-01T00:00:00.000Z',
            })
            .execute();
          customers.push({ id, cookie: `${SESSION_COOKIE}=${secret}` });
        }
        // A $10 bonus card for every $50 bought.
        await db
          .updateTable('website_config')
          .set({ promo_gift_card_rate_per_fifty_cents: 1000, promo_store_credit: 0 })
          .execute();
      },
    });
  }, 60_000);

  afterAll(() => shop.close());

  /** Sends a keyed request (twice at once for a double click), keeping each answer; rejects when the server was killed under it. */
  async function send(request: Keyed, times = 1): Promise<Array<Answer<unknown>>> {
    const answers = await Promise.all(
      Array.from({ length: times }, () => shop.post<unknown>(request.url, request.body, request.headers)),
    );
    request.answers.push(...answers);
    return answers;
  }

  it('leaves every purchase, refund and order whole or absent, every ledger adding up and every key answering as before', async () => {
    await shop.start();
    const db = shop.db();
    const { body: tokenBody } = await shop.post<{ data: CardToken }>('/session-api/checkout/card-token', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2040,
      cvc: '123',
    });
    const token = tokenBody.data.token;

    const purchaseRequest = (label: string, amount: number, customer: { cookie: string } | null): Keyed => ({
      key: '',
      url: giftCardPurchaseEndpoint.path,
      body: {
        amount,
        recipient_name: 'Jamie',
        recipient_email: `kill-card-${label}@example.com`,
        message: '',
        deliver_on: '',
        promo_recipient_name: 'Robin',
        promo_recipient_email: `kill-bonus-${label}@example.com`,
        promo_message: '',
        buyer_email: `kill-buyer-${label}@example.com`,
        payment: { token },
      },
      headers: customer ? { cookie: customer.cookie } : {},
      answers: [],
    });
    const keyed = (request: Keyed): Keyed => {
      const key = newKey();
      return { ...request, key, body: { idempotency_key: key, ...request.body } };
    };

    const boughtFirst: string[] = [];
    for (let n = 0; n < CARDS_BOUGHT_FIRST; n += 4) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map((offset) => send(keyed(purchaseRequest(`first-${n + offset}`, 100, null)))),
      );
      for (const [answer] of answers) {
        expect(answer?.status).toBe(200);
        if (answer) boughtFirst.push(purchaseIdOf(answer) ?? '');
      }
    }
    /** The cards bought so far with money left on them, for the orders of the next stretch of load. */
    const findSpendable = () =>
      db
        .selectFrom('gift_cards')
        .select('code')
        .where('purchase_id', 'is not', null)
        .where('withdrawn_at', 'is', null)
        .where('balance_cents', '>', 0)
        .orderBy('code')
        .execute();
    let spendable = await findSpendable();
    expect(spendable).toHaveLength(2 * CARDS_BOUGHT_FIRST);
    // From here a signed-in buyer's bonus is store credit, and a guest's purchase earns none.
    await db.updateTable('website_config').set({ promo_store_credit: 1 }).execute();

    const purchases: Keyed[] = [];
    const orders: Keyed[] = [];
    const refundsAsked = new Set<string>();
    const toRefundFirst = [...boughtFirst];
    const toRefundLater: string[] = [];
    const toCancel: OrderView[] = [];
    const statuses: Array<{ kind: string; status: number }> = [];

    let sent = 0;
    let answered = 0;
    let killed = false;
    let refundsSent = 0;

    const buy = async (n: number) => {
      const customer = n % 3 === 0 ? (customers[n % CUSTOMERS] ?? null) : null;
      const request = keyed(purchaseRequest(String(n), AMOUNTS[n % AMOUNTS.length] ?? 100, customer));
      purchases.push(request);
      // Some are double clicks, some sent again once answered.
      const answers = await send(request, n % 4 === 1 ? 2 : 1);
      if (n % 4 === 2) answers.push(...(await send(request)));
      for (const answer of answers) statuses.push({ kind: 'purchase', status: answer.status });
      const id = answers.map(purchaseIdOf).find((found) => found !== undefined);
      if (id) toRefundLater.push(id);
    };
    const refund = async () => {
      const first = refundsSent++ % 2 === 0;
      const purchaseId = first ? toRefundFirst.shift() : toRefundLater.shift();
      if (!purchaseId) return;
      refundsAsked.add(purchaseId);
      const ask = () =>
        shop.post<unknown>(
          `/admin-api/gift-card-purchases/${purchaseId}/refund`,
          {},
          { authorization: `Bearer ${shop.adminApiKey}` },
        );
      const answers = await Promise.all(first && refundsSent % 4 === 1 ? [ask(), ask()] : [ask()]);
      for (const answer of answers) statuses.push({ kind: 'refund', status: answer.status });
    };
    const order = async (n: number, worker: number) => {
      const mine = spendable.filter((_, index) => index % IN_FLIGHT === worker);
      const card = mine[n % mine.length];
      const sku = skus[n % skus.length];
      if (!card || !sku) return;
      const customer = worker % 3 === 0 ? (customers[worker % CUSTOMERS] ?? null) : null;
      const headers = {
        ...(customer ? { cookie: customer.cookie } : {}),
        'x-forwarded-for': `198.51.100.${worker + 1}`,
      };
      const cart: Cart = {
        ...emptyCart(),
        customer_email: `kill-order-${n}@example.com`,
        shipping_address: DENVER,
        items: [line(sku, 1)],
        gift_card_payment_items: [{ code: card.code, amount: 0 }],
      };
      const priced = await shop.post<GetCartResponse>('/session-api/checkout/get-cart', { cart }, headers);
      const expected = priced.body.updatedCart.totals.balance_due.amount;
      const key = newKey();
      const request: Keyed = {
        key,
        url: '/session-api/checkout/place-order',
        body: { idempotency_key: key, cart, payment: expected > 0 ? { token } : null, expected_balance_due: expected },
        headers,
        answers: [],
      };
      orders.push(request);
      const answers = await send(request, n % 4 === 0 ? 2 : 1);
      for (const answer of answers) statuses.push({ kind: 'order', status: answer.status });
      const placed = answers.map(orderOf).find((found) => found !== undefined);
      if (placed && n % 3 === 0) toCancel.push(placed);
    };
    const cancel = async () => {
      const placed = toCancel.shift();
      if (!placed) return;
      const answer = await shop.post<unknown>(`/api/orders/${placed.id}/${placed.hash}/cancel`, {});
      statuses.push({ kind: 'cancel', status: answer.status });
    };

    const worker = async (index: number) => {
      while (!killed && sent < OPERATIONS) {
        const n = sent++;
        try {
          const kind = n % 8;
          if (kind < 3) await buy(n);
          else if (kind === 3) await refund();
          else if (kind < 7) await order(n, index);
          else await cancel();
          answered += 1;
        } catch {
          // The server was killed under this request.
        }
      }
    };
    /**
     * Pours operations in until `count` more are answered, then kills the server under those in flight as soon
     * as the database shows `halfDone` (or after two seconds): each kill aims at another moment a crash can
     * fall in.
     */
    const pourThenKill = async (count: number, halfDone: HalfDone) => {
      const target = answered + count;
      killed = false;
      let finished = false;
      const load = Promise.all(Array.from({ length: IN_FLIGHT }, (_, index) => worker(index))).then(() => {
        finished = true;
      });
      while (answered < target && !finished) await sleep(5);
      const until = Date.now() + 2000;
      while (!finished && Date.now() < until && (await halfDone(db)).length === 0) await sleep(1);
      killed = true;
      shop.kill('SIGKILL');
      await load;
      expect(answered).toBeGreaterThanOrEqual(target);
    };
    // Killed again and again, each time started again and swept before the load goes on.
    let leftHalfDone = 0;
    for (const halfDone of HALF_DONE) {
      spendable = await findSpendable();
      await pourThenKill(ANSWERED_BETWEEN_KILLS, halfDone);
      for (const halfDoneRows of HALF_DONE) leftHalfDone += (await halfDoneRows(db)).length;
      await shop.start();
      await waitForSweep(db);
    }
    expect(leftHalfDone, 'what the kills left for the sweeper').toBeGreaterThan(0);
    // Purchases and refunds all went through; an order could find its card or credit spent by another.
    expect(
      statuses.filter(({ kind, status }) => status !== 200 && !(kind === 'order' && ORDER_REFUSALS.includes(status))),
    ).toEqual([]);

    // Every request sent again: what its key made before the kill, and nothing new beside it.
    const beforeRetries = {
      purchases: new Map(
        (await db.selectFrom('gift_card_purchases').select(['idempotency_key', 'id']).execute()).map((row) => [
          row.idempotency_key,
          row.id,
        ]),
      ),
      orders: new Map(
        (await db.selectFrom('orders').select(['idempotency_key', 'id']).execute()).map((row) => [
          row.idempotency_key,
          row.id,
        ]),
      ),
      refunds: groupBy(
        await db.selectFrom('gift_card_refunds').select(['id', 'purchase_id']).execute(),
        (row) => row.purchase_id,
      ),
      refunded: new Set(
        (await db.selectFrom('gift_card_purchases').select('id').where('refunded_at', 'is not', null).execute()).map(
          (row) => row.id,
        ),
      ),
    };
    const retries = [...purchases, ...orders];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let request = retries.shift(); request; request = retries.shift()) await send(request);
      }),
    );
    for (const request of purchases) {
      const ids = request.answers.map((answer) => {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return purchaseIdOf(answer);
      });
      const before = beforeRetries.purchases.get(request.key);
      expect(new Set(ids), request.key).toEqual(new Set([before ?? ids.at(-1)]));
    }
    for (const request of orders) {
      const placed = request.answers.filter((answer) => answer.status === 200).map((answer) => orderOf(answer)?.id);
      expect(
        request.answers.every((answer) => answer.status === 200 || ORDER_REFUSALS.includes(answer.status)),
        JSON.stringify(request.answers),
      ).toBe(true);
      const before = beforeRetries.orders.get(request.key);
      if (before) expect(request.answers.at(-1)?.status).toBe(200);
      expect(new Set(placed).size, request.key).toBeLessThanOrEqual(1);
      if (placed.length > 0) expect(placed[0]).toBe(before ?? placed[0]);
    }
    for (const purchaseId of refundsAsked) {
      const answer = await shop.post<{ data: { purchase_id: string; settled: boolean } }>(
        `/admin-api/gift-card-purchases/${purchaseId}/refund`,
        {},
        { authorization: `Bearer ${shop.adminApiKey}` },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ purchase_id: purchaseId, settled: true });
    }
    await waitForSweep(db);
    shop.kill('SIGTERM');

    const purchaseRows = await db.selectFrom('gift_card_purchases').selectAll().execute();
    // The cards bought here (the demo store's own have no ledger).
    const cards = await db.selectFrom('gift_cards').selectAll().where('purchase_id', 'is not', null).execute();
    const entriesOf = groupBy(
      await db.selectFrom('gift_card_entries').selectAll().execute(),
      (row) => row.gift_card_id,
    );
    const refundsOf = groupBy(await db.selectFrom('gift_card_refunds').selectAll().execute(), (row) => row.purchase_id);
    // The demo customer's past orders were paid through this gateway when the store loaded; they are not this test's.
    const demoCharges = new Set(
      (await db.selectFrom('orders').select('payment_reference').where('email', 'not like', 'kill%').execute()).map(
        (order) => order.payment_reference,
      ),
    );
    const charges = new Map(
      (await db.selectFrom('payments').selectAll().execute())
        .filter((row) => !demoCharges.has(row.id))
        .map((row) => [row.id, row]),
    );
    const attempts = await db.selectFrom('order_attempts').selectAll().execute();
    const outbox = await db.selectFrom('outbox').select(['kind', 'recipient']).execute();
    const orderRows = await db
      .selectFrom('orders')
      .selectAll()
      .where(
        'idempotency_key',
        'in',
        orders.map((request) => request.key),
      )
      .execute();
    const orderPayments = await db
      .selectFrom('order_payments')
      .selectAll()
      .where(
        'order_id',
        'in',
        orderRows.map((row) => row.id),
      )
      .execute();
    const orderRefundsOf = groupBy(await db.selectFrom('order_refunds').selectAll().execute(), (row) => row.payment_id);
    const creditEntries = await db
      .selectFrom('store_credit_entries')
      .selectAll()
      .where(
        'customer_id',
        'in',
        customers.map((customer) => customer.id),
      )
      .execute();
    expect(purchaseRows.length).toBeGreaterThan(CARDS_BOUGHT_FIRST);
    expect(orderRows.length).toBeGreaterThan(0);

    // Each refund asked for again after the restart found its purchase refunded, or refunded it now, once.
    for (const purchaseId of beforeRetries.refunded)
      expect(refundsOf.get(purchaseId)?.length ?? 0).toBe(beforeRetries.refunds.get(purchaseId)?.length ?? 0);

    // Every gift card: its balance is its ledger's sum, never negative, its first row what it was issued with.
    for (const card of cards) {
      const entries = entriesOf.get(card.id) ?? [];
      expect(card.balance_cents, card.id).toBe(sum(entries.map((entry) => entry.amount_cents)));
      expect(card.balance_cents).toBeGreaterThanOrEqual(0);
      expect(
        entries.filter((entry) => entry.reason === card.kind).map((entry) => entry.amount_cents),
        card.id,
      ).toEqual([card.initial_cents]);
      if (card.withdrawn_at) expect(card.balance_cents).toBe(0);
    }

    const cardsOf = groupBy(cards, (card) => card.purchase_id);
    const spentOn = groupBy(
      orderPayments.filter((payment) => payment.method === 'gift_card'),
      (payment) => payment.reference,
    );
    for (const purchase of purchaseRows) {
      // Whole: its cards with their first ledger rows, the attempt that made it, its charge as its status says.
      const own = cardsOf.get(purchase.id) ?? [];
      const bought = own.filter((card) => card.kind === 'purchased');
      expect(
        bought.map((card) => card.initial_cents),
        purchase.id,
      ).toEqual([purchase.amount_cents]);
      expect(own.filter((card) => card.kind === 'bonus').map((card) => card.initial_cents)).toEqual(
        purchase.bonus_kind === 'card' ? [purchase.bonus_cents] : [],
      );
      expect(
        attempts
          .filter((attempt) => attempt.gift_card_purchase_id === purchase.id)
          .map((attempt) => [attempt.idempotency_key, attempt.status]),
      ).toEqual([[purchase.idempotency_key, 'ordered']]);
      const charge = charges.get(purchase.payment_reference);
      expect(charge?.status, purchase.id).toBe(purchase.payment_status);
      if (purchase.payment_status === 'captured')
        expect(charge).toMatchObject({
          captured_cents: purchase.amount_cents,
          refunded_cents: purchase.refunded_cents,
        });
      else expect([purchase.payment_status, purchase.refunded_cents]).toEqual(['voided', purchase.amount_cents]);

      // A refund whole or absent: each card withdrawn and emptied with what it owed back, all of it settled.
      const refunds = refundsOf.get(purchase.id) ?? [];
      expect(refunds.filter((row) => row.status !== 'done')).toEqual([]);
      expect(sum(refunds.map((row) => row.amount_cents))).toBe(purchase.refunded_cents);
      expect(
        own.every((card) => (card.withdrawn_at !== null) === (purchase.refunded_at !== null)),
        purchase.id,
      ).toBe(true);
      if (!purchase.refunded_at) expect(refunds).toEqual([]);
      const bonusCard = own.find((card) => card.kind === 'bonus');
      if (purchase.refunded_at && bonusCard) {
        const withdrawn = (entriesOf.get(bonusCard.id) ?? []).filter((entry) => entry.reason === 'withdrawn');
        expect(sum(withdrawn.map((entry) => entry.amount_cents)) + purchase.bonus_withdrawn_cents).toBe(0);
      }
      // What the bought card paid for orders still standing, what it holds and what went back to the buyer's card add up to what was charged.
      for (const card of bought) {
        const spent = spentOn.get(card.id) ?? [];
        const stillSpent = sum(spent.map((payment) => payment.amount_cents - payment.refunded_cents));
        expect(stillSpent + card.balance_cents + purchase.refunded_cents, purchase.id).toBe(purchase.amount_cents);
      }
    }
    // Its mail: a receipt to each buyer for each purchase, and each card delivered to its recipient once.
    const mailed = (kind: string) =>
      [
        ...groupBy(
          outbox.filter((mail) => mail.kind === kind),
          (mail) => mail.recipient,
        ),
      ]
        .map(([recipient, rows]) => [recipient, rows.length])
        .sort();
    const counted = (values: readonly string[]) =>
      [...groupBy(values, (value) => value)].map(([value, rows]) => [value, rows.length]).sort();
    expect(mailed('gift-card-receipt')).toEqual(counted(purchaseRows.map((purchase) => purchase.email)));
    expect(mailed('gift-card')).toEqual(
      counted(
        cards.filter((card) => card.delivered_at && card.recipient_email).map((card) => card.recipient_email ?? ''),
      ),
    );

    // Every order whole: its line, payments that add up to its total, each with its ledger row, its card captured.
    const entries = [...entriesOf.values()].flat();
    const paymentsOf = groupBy(orderPayments, (payment) => payment.order_id);
    for (const row of orderRows) {
      const payments = paymentsOf.get(row.id) ?? [];
      expect(sum(payments.map((payment) => payment.amount_cents)), row.id).toBe(row.total_cents);
      expect(
        sum(payments.filter((payment) => payment.method === 'gift_card').map((payment) => payment.amount_cents)),
      ).toBe(row.gift_card_cents);
      expect(
        sum(payments.filter((payment) => payment.method === 'store_credit').map((payment) => payment.amount_cents)),
      ).toBe(row.store_credit_cents);
      expect(attempts.find((attempt) => attempt.idempotency_key === row.idempotency_key)).toMatchObject({
        status: 'ordered',
        order_id: row.id,
      });
      expect(['paid', 'cancelled']).toContain(row.status);
      for (const payment of payments) {
        expect(payment.refunded_cents, payment.id).toBe(row.status === 'cancelled' ? payment.amount_cents : 0);
        const refunds = orderRefundsOf.get(payment.id) ?? [];
        expect(sum(refunds.map((refund) => refund.amount_cents))).toBe(payment.refunded_cents);
        expect(refunds.filter((refund) => refund.status !== 'done')).toEqual([]);
        if (payment.method === 'gift_card') {
          const spent = entries.filter(
            (entry) =>
              entry.order_id === row.id && entry.gift_card_id === payment.reference && entry.reason === 'order',
          );
          // A card the store credit left nothing to pay for is written as $0: the sum, not the sign, is checked.
          expect(spent.map((entry) => entry.amount_cents + payment.amount_cents)).toEqual([0]);
        }
        if (payment.method === 'store_credit') {
          const spent = creditEntries.filter((entry) => entry.order_id === row.id && entry.reason === 'order');
          expect(spent.map((entry) => [entry.customer_id, entry.amount_cents + payment.amount_cents])).toEqual([
            [payment.reference, 0],
          ]);
        }
        if (payment.method === 'card') {
          expect(payment.status).toBe('captured');
          expect(charges.get(payment.reference)).toMatchObject({
            status: 'captured',
            captured_cents: payment.amount_cents,
            refunded_cents: payment.refunded_cents,
          });
        }
      }
    }
    const linesOf = groupBy(
      await db
        .selectFrom('order_lines')
        .select(['order_id', 'sku', 'qty'])
        .where(
          'order_id',
          'in',
          orderRows.map((row) => row.id),
        )
        .execute(),
      (row) => row.sku,
    );
    const standing = new Set(orderRows.filter((row) => row.status === 'paid').map((row) => row.id));
    expect(sum([...linesOf.values()].map((lines) => lines.length))).toBe(orderRows.length);
    for (const sku of skus) {
      const taken = sum((linesOf.get(sku) ?? []).filter((row) => standing.has(row.order_id)).map((row) => row.qty));
      const { qty } = await db.selectFrom('skus').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow();
      expect(qty, sku).toBe(1000 - taken);
    }

    // No charge left authorized, and each captured one paid for exactly one purchase or order.
    const paidFor = [
      ...purchaseRows
        .filter((purchase) => purchase.payment_status === 'captured')
        .map((purchase) => purchase.payment_reference),
      ...orderPayments.filter((payment) => payment.method === 'card').map((payment) => payment.reference),
    ];
    const captured = [...charges.values()].filter((charge) => charge.status === 'captured');
    expect([...charges.values()].filter((charge) => charge.status === 'authorized')).toEqual([]);
    expect(captured.map((charge) => charge.id).sort()).toEqual(paidFor.sort());

    // Each customer's store credit is its ledger's sum: the bonuses of their purchases, less what refunds took back and orders spent.
    for (const customer of customers) {
      const own = creditEntries.filter((entry) => entry.customer_id === customer.id);
      const { store_credit_cents: credit } = await db
        .selectFrom('customers')
        .select('store_credit_cents')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      expect(credit, customer.id).toBe(sum(own.map((entry) => entry.amount_cents)));
      expect(credit).toBeGreaterThanOrEqual(0);
      const theirs = purchaseRows.filter(
        (purchase) => purchase.customer_id === customer.id && purchase.bonus_kind === 'store_credit',
      );
      expect(
        own
          .filter((entry) => entry.reason === 'gift-card-bonus')
          .map((entry) => entry.amount_cents)
          .sort(),
      ).toEqual(theirs.map((purchase) => purchase.bonus_cents).sort());
      expect(
        sum(own.filter((entry) => entry.reason === 'gift-card-bonus-withdrawn').map((entry) => entry.amount_cents)) +
          sum(theirs.map((purchase) => purchase.bonus_withdrawn_cents)),
      ).toBe(0);
    }
  }, 240_000);
});
