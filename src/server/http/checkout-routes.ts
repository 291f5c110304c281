import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCart } from '../../shared/cart.ts';
import {
  checkoutSuccessPath,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  type CardToken,
} from '../../shared/order.ts';
import { toCents } from '../../shared/money.ts';
import { sessionUser } from '../accounts/sessions.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { findOrderByLink, readOrderView } from '../orders/order-view.ts';
import { placeOrder } from '../orders/place-order.ts';
import { orderHash } from '../orders/order-links.ts';
import { HttpError } from './errors.ts';
import { sessionSecretOf, type SessionCookie } from './session-cookie.ts';

const cardTokenBody = z
  .object({
    number: z.string({ error: 'number must be text' }).max(30, 'number is too long'),
    exp_month: z.number({ error: 'exp_month must be a number' }).int('exp_month must be a whole number'),
    exp_year: z.number({ error: 'exp_year must be a number' }).int('exp_year must be a whole number'),
    cvc: z.string({ error: 'cvc must be text' }).max(4, 'cvc is too long'),
  })
  .strict();

const placeOrderBody = z.object({
  idempotency_key: z
    .string({ error: 'idempotency_key must be text' })
    .regex(/^[A-Za-z0-9_-]+$/, 'idempotency_key must be letters, digits, - and _')
    .min(IDEMPOTENCY_KEY_MIN_LENGTH, `idempotency_key must be at least ${IDEMPOTENCY_KEY_MIN_LENGTH} characters`)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, `idempotency_key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`),
  cart: z.record(z.string(), z.unknown(), { error: 'cart must be an object' }),
  payment: z.union(
    [
      z.object({ token: z.string().min(1).max(255) }).strict(),
      z.object({ saved_card_id: z.string().min(1).max(100) }).strict(),
      z.null(),
    ],
    {
      error: 'payment must be {token}, {saved_card_id} or null',
    },
  ),
  expected_balance_due: z.number({ error: 'expected_balance_due must be a number' }).min(0).max(1_000_000),
  save_card: z.boolean({ error: 'save_card must be true or false' }).optional(),
});

/** Checkout under /session-api/checkout: the built-in gateway's card token, and placing the order. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ orders: OrderContext; sessionCookie: SessionCookie }> = async (
  app,
  { orders, sessionCookie },
) => {
  const { db, gateway } = orders;

  /** The built-in gateway's card form: the card is checked and dropped; only its token, brand, last four and expiry come back. */
  app.post('/checkout/card-token', { schema: { body: cardTokenBody } }, async (request, reply) => {
    const { number, exp_month, exp_year, cvc } = request.body;
    const result = await gateway.tokenize({ number, expMonth: exp_month, expYear: exp_year, cvc });
    if (result.status !== 'approved')
      return reply.code(result.status === 'declined' ? 402 : 503).send({ error: result.message });
    const data: CardToken = {
      token: result.token,
      brand: result.card.brand,
      last4: result.card.last4,
      exp_month: result.card.expMonth,
      exp_year: result.card.expYear,
    };
    return { data };
  });

  app.post('/checkout/place-order', { schema: { body: placeOrderBody } }, async (request, reply) => {
    const { body } = request;
    const cart = parseCart(body.cart);
    if (!cart) throw new HttpError(400, 'cart: cart must be an object');
    const now = new Date();
    const customer = await sessionUser(db, sessionSecretOf(request, sessionCookie), now);
    const result = await placeOrder(orders, {
      idempotencyKey: body.idempotency_key,
      cart,
      payment: body.payment,
      expectedBalanceDueCents: toCents(body.expected_balance_due),
      saveCard: body.save_card ?? false,
      customer,
      clientAddress: request.ip,
      now,
    });
    if (!result.ok) return reply.code(result.refusal.status).send(result.refusal.body);
    const order = await findOrderByLink(
      db,
      orders.orderLinkSecret,
      result.orderId,
      orderHash(orders.orderLinkSecret, result.orderId),
    );
    if (!order) throw new Error(`order ${result.orderId} was placed but cannot be read`);
    const view = await readOrderView(db, order, orders, new Date());
    return { data: { order: view, redirect: checkoutSuccessPath(view.id, view.hash) } };
  });
};
