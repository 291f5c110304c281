import type { FastifyPluginAsync } from 'fastify';
import {
  orderAddressChangeEndpoint,
  orderCancellationEndpoint,
  orderLookupEndpoint,
  orderViewEndpoint,
} from '../../shared/api/orders.ts';
import { parseCart } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { emailProblem } from '../../shared/validators.ts';
import { endOrder } from '../orders/cancel-order.ts';
import { changeOrderAddress } from '../orders/change-order-address.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { lookUpOrder } from '../orders/order-lookup.ts';
import { findOrderByLink, readOrderView } from '../orders/order-view.ts';
import { keepForOneShopper } from './cache-control.ts';
import { HttpError } from './errors.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';

/** The order pages' calls under /api/orders: the view, the address change and the cancellation by link, and the lookup. */
export const orderRoutes: FastifyPluginAsync<{ orders: OrderContext }> = async (app, { orders }) => {
  const { db } = orders;
  // An order link's responses show one shopper's order: no cache may keep them.
  app.addHook('onSend', keepForOneShopper);
  const orderOf = async (id: string, hash: string) => {
    const order = await findOrderByLink(db, orders.orderLinkSecret, id, hash);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    return order;
  };

  serveEndpoint(app, orderLookupEndpoint, async ({ body, request }) => {
    const problem = emailProblem(body.email);
    if (problem) return new Refusal(422, { error: problem });
    return lookUpOrder(orders, { number: body.number, email: body.email, clientAddress: request.ip }, new Date());
  });

  serveEndpoint(app, orderViewEndpoint, async ({ params }) => {
    const order = await orderOf(params.id, params.hash);
    return readOrderView(db, order, orders, new Date());
  });

  serveEndpoint(app, orderAddressChangeEndpoint, async ({ params, body }) => {
    const order = await orderOf(params.id, params.hash);
    const address = parseCart({ shipping_address: body.shipping_address })?.shipping_address;
    if (!address) return new Refusal(400, { error: 'shipping_address must be an object' });
    const refused = await changeOrderAddress(orders, order.id, address, new Date());
    if (refused) return refused;
    return readOrderView(db, await orderOf(order.id, params.hash), orders, new Date());
  });

  serveEndpoint(app, orderCancellationEndpoint, async ({ params }) => {
    const order = await orderOf(params.id, params.hash);
    const refused = await endOrder(orders, order.id, 'cancelled', 'shopper', new Date());
    if (refused) return refused;
    return readOrderView(db, await orderOf(order.id, params.hash), orders, new Date());
  });
};
