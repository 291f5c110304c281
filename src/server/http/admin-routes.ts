import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { giftCardPurchaseRefundEndpoint, orderStatusEndpoint } from '../../shared/api/admin.ts';
import { fromCents } from '../../shared/money.ts';
import { refundGiftCardPurchase } from '../gift-cards/refund-gift-card-purchase.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { moveOrderStatus } from '../orders/order-status.ts';
import { HttpError, noRoute } from './errors.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests in constant time, so neither the key's length nor its first right characters show in the timing. */
function isAdminKey(given: string | undefined, key: string): boolean {
  const presented = /^Bearer (.+)$/.exec(given ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(key));
}

/** The merchant's API under /admin-api, behind ADMIN_API_KEY sent as `Authorization: Bearer <key>`. */
export const adminRoutes: FastifyPluginAsync<{ orders: OrderContext; adminApiKey: string }> = async (
  app,
  { orders, adminApiKey },
) => {
  app.addHook('onRequest', async (request) => {
    if (!isAdminKey(request.headers.authorization, adminApiKey))
      throw new HttpError(401, 'The admin API needs the admin key (Authorization: Bearer <ADMIN_API_KEY>)');
  });

  serveEndpoint(app, orderStatusEndpoint, async ({ params, body }) => {
    return moveOrderStatus(orders, { id: params.id }, body.status, { trackingUrl: body.tracking_url, now: new Date() });
  });

  serveEndpoint(app, giftCardPurchaseRefundEndpoint, async ({ params }) => {
    const refund = await refundGiftCardPurchase(orders, { id: params.id }, new Date());
    if (refund instanceof Refusal) return refund;
    return {
      purchase_id: refund.purchaseId,
      amount: fromCents(refund.amountCents),
      refunded: fromCents(refund.refundedCents),
      spent: fromCents(refund.spentCents),
      bonus_withdrawn: fromCents(refund.bonusWithdrawnCents),
      voided: refund.voided,
      settled: refund.settled,
    };
  });

  app.all('/*', noRoute);
};
