import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromCents } from '../../shared/money.ts';
import { ORDER_STATUSES } from '../../shared/order.ts';
import { refundGiftCardPurchase } from '../gift-cards/refund-gift-card-purchase.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { moveOrderStatus } from '../orders/order-status.ts';
import { HttpError, noRoute } from './errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests in constant time, so neither the key's length nor its first right characters show in the timing. */
function isAdminKey(given: string | undefined, key: string): boolean {
  const presented = /^Bearer (.+)$/.exec(given ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(key));
}

const statusParams = z.object({ id: z.string().max(100, 'id is too long') });
const statusBody = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
    tracking_url: z.string().max(2000, 'tracking_url is too long').optional(),
  })
  .strict();

const purchaseParams = z.object({ id: z.string().max(100, 'id is too long') });
const refundBody = z.object({}).strict().nullish();

/** The merchant's API under /admin-api, behind ADMIN_API_KEY sent as `Authorization: Bearer <key>`. */
export const adminRoutes: FastifyPluginAsyncZod<{ orders: OrderContext; adminApiKey: string }> = async (
  app,
  { orders, adminApiKey },
) => {
  app.addHook('onRequest', async (request) => {
    if (!isAdminKey(request.headers.authorization, adminApiKey))
      throw new HttpError(401, 'The admin API needs the admin key (Authorization: Bearer <ADMIN_API_KEY>)');
  });

  app.post('/orders/:id/status', { schema: { params: statusParams, body: statusBody } }, async (request, reply) => {
    const moved = await moveOrderStatus(orders, { id: request.params.id }, request.body.status, {
      trackingUrl: request.body.tracking_url,
      now: new Date(),
    });
    if (!moved.ok) return reply.code(moved.status).send({ error: moved.error });
    return { data: { from: moved.from, to: moved.to } };
  });

  app.post(
    '/gift-card-purchases/:id/refund',
    { schema: { params: purchaseParams, body: refundBody } },
    async (request, reply) => {
      const result = await refundGiftCardPurchase(orders, { id: request.params.id }, new Date());
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      const { refund } = result;
      return {
        data: {
          purchase_id: refund.purchaseId,
          amount: fromCents(refund.amountCents),
          refunded: fromCents(refund.refundedCents),
          spent: fromCents(refund.spentCents),
          bonus_withdrawn: fromCents(refund.bonusWithdrawnCents),
          voided: refund.voided,
          settled: refund.settled,
        },
      };
    },
  );

  app.all('/*', noRoute);
};
