import type { FastifyPluginAsync } from 'fastify';
import { giftCardBalanceEndpoint, giftCardPurchaseEndpoint } from '../../shared/api/gift-cards.ts';
import { sessionUser } from '../accounts/sessions.ts';
import { buyGiftCards, readGiftCardPurchase } from '../gift-cards/buy-gift-cards.ts';
import { lookUpGiftCardBalance } from '../gift-cards/gift-card-lookups.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';
import { sessionSecretOf, type SessionCookie } from './session-cookie.ts';

/** Buying gift cards, under /session-api (the buyer may be signed in). */
export const giftCardPurchaseRoutes: FastifyPluginAsync<{
  orders: OrderContext;
  sessionCookie: SessionCookie;
}> = async (app, { orders, sessionCookie }) => {
  serveEndpoint(app, giftCardPurchaseEndpoint, async ({ body, request }) => {
    const { idempotency_key: idempotencyKey, ...purchase } = body;
    const now = new Date();
    const customer = await sessionUser(orders.db, sessionSecretOf(request, sessionCookie), now);
    const result = await buyGiftCards(orders, {
      idempotencyKey,
      request: purchase,
      customer,
      clientAddress: request.ip,
      now,
    });
    if (result instanceof Refusal) return result;
    const view = await readGiftCardPurchase(orders.db, result.purchaseId);
    if (!view) throw new Error(`gift card purchase ${result.purchaseId} was made but cannot be read`);
    return { purchase: view };
  });
};

/** The balance check under /api. */
export const giftCardBalanceRoutes: FastifyPluginAsync<{ orders: OrderContext }> = async (app, { orders }) => {
  serveEndpoint(app, giftCardBalanceEndpoint, async ({ body, request }) => {
    return lookUpGiftCardBalance(orders.db, body.code, request.ip, new Date());
  });
};
