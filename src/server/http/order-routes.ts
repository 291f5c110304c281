import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

const orderParams = z.object({
  id: z.string().max(100, 'id is too long'),
  hash: z.string().max(100, 'hash is too long'),
});

const addressBody = z.object({
  shipping_address: z.record(z.string(), z.unknown(), { error: 'shipping_address must be an object' }),
});

const lookupBody = z.object({
  number: z.coerce
    .number({ error: 'number must be an order number' })
    .int('number must be an order number')
    .min(1)
    .max(Number.MAX_SAFE_INTEGER),
  email: z.string({ error: 'email must be text' }).max(254, MESSAGES.invalidEmail),
});

/** The order pages' calls under /api/orders: the view, the address change and the cancellation by link, and the lookup. */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderContext }> = async (app, { orders }) => {
  const { db } = orders;
  // An order link's answers show one shopper's order: no cache may keep them.
  app.addHook('onSend', keepForOneShopper);
  const orderOf = async (id: string, hash: string) => {
    const order = await findOrderByLink(db, orders.orderLinkSecret, id, hash);
    if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
    return order;
  };

  app.post('/orders/lookup', { schema: { body: lookupBody } }, async (request, reply) => {
    const problem = emailProblem(request.body.email);
    if (problem) throw new HttpError(422, problem);
    const result = await lookUpOrder(
      orders,
      { number: request.body.number, email: request.body.email, clientAddress: request.ip },
      new Date(),
    );
    if ('status' in result) return reply.code(result.status).send(result.body);
    return { data: result };
  });

  app.get('/orders/:id/:hash', { schema: { params: orderParams } }, async (request) => {
    const order = await orderOf(request.params.id, request.params.hash);
    return { data: await readOrderView(db, order, orders, new Date()) };
  });

  app.post(
    '/orders/:id/:hash/address',
    { schema: { params: orderParams, body: addressBody } },
    async (request, reply) => {
      const order = await orderOf(request.params.id, request.params.hash);
      const address = parseCart({ shipping_address: request.body.shipping_address })?.shipping_address;
      if (!address) throw new HttpError(400, 'shipping_address must be an object');
      const refused = await changeOrderAddress(orders, order.id, address, new Date());
      if (refused) return reply.code(refused.status).send(refused.body);
      return { data: await readOrderView(db, await orderOf(order.id, request.params.hash), orders, new Date()) };
    },
  );

  app.post('/orders/:id/:hash/cancel', { schema: { params: orderParams } }, async (request, reply) => {
    const order = await orderOf(request.params.id, request.params.hash);
    const refused = await endOrder(orders, order.id, 'cancelled', 'shopper', new Date());
    if (refused) return reply.code(refused.status).send(refused.body);
    return { data: await readOrderView(db, await orderOf(order.id, request.params.hash), orders, new Date()) };
  });
};
