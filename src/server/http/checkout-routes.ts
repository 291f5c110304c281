import type { FastifyPluginAsync } from 'fastify';
import { cardTokenEndpoint } from '../../shared/api/card-token.ts';
import { placeOrderEndpoint } from '../../shared/api/checkout.ts';
import { parseCart } from '../../shared/cart.ts';
import { checkoutSuccessPath } from '../../shared/order.ts';
import { toCents } from '../../shared/money.ts';
import { sessionUser } from '../accounts/sessions.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { findOrderByLink, readOrderView } from '../orders/order-view.ts';
import { placeOrder } from '../orders/place-order.ts';
import { orderHash } from '../orders/order-links.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';
import { sessionSecretOf, type SessionCookie } from './session-cookie.ts';

/** Checkout under /session-api/checkout: the built-in gateway's card token, and placing the order. */
export const checkoutRoutes: FastifyPluginAsync<{ orders: OrderContext; sessionCookie: SessionCookie }> = async (
  app,
  { orders, sessionCookie },
) => {
  const { db, gateway } = orders;

  serveEndpoint(app, cardTokenEndpoint, async ({ body }) => {
    const { number, exp_month, exp_year, cvc } = body;
    const result = await gateway.tokenize({ number, expMonth: exp_month, expYear: exp_year, cvc });
    if (result.status !== 'approved')
      return new Refusal(result.status === 'declined' ? 402 : 503, { error: result.message });
    return {
      token: result.token,
      brand: result.card.brand,
      last4: result.card.last4,
      exp_month: result.card.expMonth,
      exp_year: result.card.expYear,
    };
  });

  serveEndpoint(app, placeOrderEndpoint, async ({ body, request }) => {
    const cart = parseCart(body.cart);
    if (!cart) return new Refusal(400, { error: 'cart: cart must be an object' });
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
    if (result instanceof Refusal) return result;
    const { orderId } = result;
    const order = await findOrderByLink(
      db,
      orders.orderLinkSecret,
      orderId,
      orderHash(orders.orderLinkSecret, orderId),
    );
    if (!order) throw new Error(`order ${orderId} was placed but cannot be read`);
    const view = await readOrderView(db, order, orders, new Date());
    return { order: view, redirect: checkoutSuccessPath(view.id, view.hash) };
  });
};
