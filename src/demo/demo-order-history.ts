/**
 * Carries out the demo customer's history (accounts.ts) through the shop's own services, after the store is
 * loaded: each order is placed as checkout places it (priced from the database, paid with the saved card
 * through the built-in gateway, its confirmation e-mail in the outbox), shipped with its tracking link and
 * delivered as the merchant moves it, and a returned line refunded as the merchant's refunds are. The services
 * stamp what they write with the current time; each step's rows are then dated back to the day the plan gives,
 * so the pages read a history weeks long. Its e-mails stay in the outbox: the Mailer here has no transport.
 */
import { randomUUID } from 'node:crypto';
import { emptyCart, type Cart } from '../shared/cart.ts';
import { MAX_QTY_PER_SKU } from '../shared/constants.ts';
import type { User } from '../shared/user.ts';
import type { Db } from '../server/db/database.ts';
import { Mailer } from '../server/mail/mailer.ts';
import type { OrderContext } from '../server/orders/order-context.ts';
import { addOrderEvent } from '../server/orders/order-payments.ts';
import { refundOrderPayments, settleRefunds } from '../server/orders/order-refunds.ts';
import { moveOrderStatus } from '../server/orders/order-status.ts';
import { placeOrder } from '../server/orders/place-order.ts';
import { TestGateway } from '../server/payments/test-gateway.ts';
import { priceCart, type CartPricingRequest } from '../server/pricing/price-cart.ts';
import { loadPricingInputs } from '../server/pricing/pricing-inputs.ts';
import { Refusal } from '../server/refusal.ts';
import type { AccountRows, DemoCreditStep, DemoOrderStep } from './accounts.ts';
import { daysBefore } from './text.ts';

/** Where the demo's order e-mails link to: the shop's address and its order links' secret. */
export interface OrderLinkSettings {
  publicUrl: string;
  orderLinkSecret: string;
}

/** The hour of the day, before the demo's clock, at which each step happened. */
const STEP_HOURS = 3;

function orderContext(db: Db, links: OrderLinkSettings): OrderContext {
  return {
    db,
    gateway: new TestGateway(db),
    mailer: new Mailer(db, { smtpUrl: null, from: '' }),
    publicUrl: links.publicUrl,
    orderLinkSecret: links.orderLinkSecret,
    cancelWindowMinutes: 60,
    shopTimeZone: 'UTC',
  };
}

async function giveCredit(db: Db, customerId: string, step: DemoCreditStep, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('customers')
      .set((eb) => ({ store_credit_cents: eb('store_credit_cents', '+', step.cents) }))
      .where('id', '=', customerId)
      .execute();
    await trx
      .insertInto('store_credit_entries')
      .values({
        id: `store-credit-demo-${step.daysAgo}`,
        customer_id: customerId,
        order_id: null,
        amount_cents: step.cents,
        reason: step.reason,
        created_at: daysBefore(now, step.daysAgo, STEP_HOURS),
      })
      .execute();
  });
}

/** Dates what the services wrote for an order since `since` back to `stamp`. */
async function dateBack(db: Db, orderId: string, email: string, since: string, stamp: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ created_at: stamp })
    .where('id', '=', orderId)
    .where('created_at', '>=', since)
    .execute();
  await db.updateTable('orders').set({ updated_at: stamp }).where('id', '=', orderId).execute();
  for (const table of [
    'order_events',
    'order_payments',
    'order_refunds',
    'store_credit_entries',
    'gift_card_entries',
    'order_attempts',
  ] as const) {
    await db
      .updateTable(table)
      .set({ created_at: stamp })
      .where('order_id', '=', orderId)
      .where('created_at', '>=', since)
      .execute();
  }
  await db
    .updateTable('outbox')
    .set({ created_at: stamp })
    .where('recipient', '=', email)
    .where('created_at', '>=', since)
    .execute();
}

async function placeDemoOrder(
  ctx: OrderContext,
  customer: User,
  cardId: string,
  step: DemoOrderStep,
  index: number,
  now: Date,
): Promise<void> {
  const placedAt = new Date(daysBefore(now, step.daysAgo, STEP_HOURS));
  const cart: Cart = {
    ...emptyCart(),
    customer_email: customer.username,
    promo_code_code: step.promoCode,
    requested_ship_method: step.shipMethod,
    use_store_credit: step.useStoreCredit,
    shipping_address: { ...step.address, _id: null, is_validated: true },
    items: step.lines.map((line, lineIndex) => ({
      line_number: lineIndex + 1,
      sku: line.sku,
      qty: line.qty,
      item_price: 0,
      discount_amount: 0,
      dim_style: '',
      dim_name: '',
      dim_size: '',
      dim_category: '',
      url: '',
      image: null,
      maxQty: MAX_QTY_PER_SKU,
    })),
  };
  // Priced as the checkout page prices it before sending the order.
  const pricing: CartPricingRequest = { cart, code: null, link: null, now: placedAt };
  const priced = priceCart(pricing, await loadPricingInputs(ctx.db, pricing, customer._id));
  if (!priced.ok) throw new Error(`The demo's order ${index + 1} cannot be priced: ${priced.error}`);
  let since = new Date().toISOString();
  const order = {
    // New for every load: the gateway keeps its keys when the demo is loaded again over the shop's data.
    idempotencyKey: `demo-past-order-${randomUUID()}`,
    cart,
    payment: { saved_card_id: cardId },
    expectedBalanceDueCents: priced.amounts.balanceDueCents,
    customer,
    now: placedAt,
    clientAddress: '127.0.0.1',
  };
  const placed = await placeOrder(ctx, order);
  if (placed instanceof Refusal) throw new Error(`The demo's order ${index + 1} was refused: ${placed.body.error}`);
  const { orderId } = placed;
  await dateBack(ctx.db, orderId, customer.username, since, placedAt.toISOString());

  if (step.shipped) {
    since = new Date().toISOString();
    const moved = await moveOrderStatus(ctx, { id: orderId }, 'shipped', {
      trackingUrl: step.shipped.trackingUrl,
      now: new Date(),
    });
    if (moved instanceof Refusal) throw new Error(`The demo's order ${index + 1} did not ship: ${moved.body.error}`);
    await dateBack(ctx.db, orderId, customer.username, since, daysBefore(now, step.shipped.daysAgo, STEP_HOURS));
  }
  if (step.deliveredDaysAgo !== null) {
    since = new Date().toISOString();
    const moved = await moveOrderStatus(ctx, { id: orderId }, 'delivered', { now: new Date() });
    if (moved instanceof Refusal)
      throw new Error(`The demo's order ${index + 1} was not delivered: ${moved.body.error}`);
    await dateBack(ctx.db, orderId, customer.username, since, daysBefore(now, step.deliveredDaysAgo, STEP_HOURS));
  }
  if (step.returned) {
    const lineNumber = step.returned.lineIndex + 1;
    since = new Date().toISOString();
    const pending = await ctx.db.transaction().execute(async (trx) => {
      const line = await trx
        .selectFrom('order_lines')
        .select(['item_price_cents', 'qty', 'discount_cents', 'sku'])
        .where('order_id', '=', orderId)
        .where('line_number', '=', lineNumber)
        .executeTakeFirstOrThrow();
      const cents = line.item_price_cents * line.qty - line.discount_cents;
      await addOrderEvent(trx, orderId, 'returned', { sku: line.sku, qty: line.qty, amount_cents: cents }, new Date());
      return refundOrderPayments(trx, orderId, cents, 'return', new Date());
    });
    await settleRefunds(ctx, pending);
    await dateBack(ctx.db, orderId, customer.username, since, daysBefore(now, step.returned.daysAgo, STEP_HOURS));
  }
}

/** Carries out the demo customer's history, oldest step first, around the demo's clock. */
export async function writeDemoHistory(
  db: Db,
  accounts: AccountRows,
  links: OrderLinkSettings,
  now: Date,
): Promise<void> {
  const ctx = orderContext(db, links);
  const { customer } = accounts;
  const user: User = {
    _id: customer.id,
    username: customer.email,
    first_name: customer.first_name,
    last_name: customer.last_name,
  };
  const card = accounts.savedCards[0];
  if (!card) throw new Error('The demo customer has no saved card to pay with');
  let orders = 0;
  for (const step of accounts.history) {
    if (step.kind === 'store-credit') await giveCredit(db, customer.id, step, now);
    else await placeDemoOrder(ctx, user, card.id, step, orders++, now);
  }
}
