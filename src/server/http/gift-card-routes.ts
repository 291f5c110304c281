import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH } from '../../shared/order.ts';
import { sessionUser } from '../accounts/sessions.ts';
import { buyGiftCards, readGiftCardPurchase } from '../gift-cards/buy-gift-cards.ts';
import { lookUpGiftCardBalance } from '../gift-cards/gift-card-lookups.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { sessionSecretOf, type SessionCookie } from './session-cookie.ts';

const text = (name: string, max: number) => z.string({ error: `${name} must be text` }).max(max, `${name} is too long`);

const purchaseBody = z
  .object({
    idempotency_key: z
      .string({ error: 'idempotency_key must be text' })
      .regex(/^[A-Za-z0-9_-]+$/, 'idempotency_key must be letters, digits, - and _')
      .min(IDEMPOTENCY_KEY_MIN_LENGTH, `idempotency_key must be at least ${IDEMPOTENCY_KEY_MIN_LENGTH} characters`)
      .max(IDEMPOTENCY_KEY_MAX_LENGTH, `idempotency_key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`),
    amount: z
      .number({ error: 'amount must be a number of dollars' })
      .min(0, 'amount must be a number of dollars')
      .max(1_000_000, 'amount is too large'),
    recipient_name: text('recipient_name', 1000),
    recipient_email: text('recipient_email', 1000),
    message: text('message', 5000).default(''),
    deliver_on: text('deliver_on', 40).default(''),
    promo_recipient_name: text('promo_recipient_name', 1000).default(''),
    promo_recipient_email: text('promo_recipient_email', 1000).default(''),
    promo_message: text('promo_message', 5000).default(''),
    buyer_email: text('buyer_email', 1000).default(''),
    payment: z.union(
      [
        z.object({ token: z.string().min(1).max(255) }).strict(),
        z.object({ saved_card_id: z.string().min(1).max(100) }).strict(),
      ],
      {
        error: 'payment must be {token} or {saved_card_id}',
      },
    ),
  })
  .strict();

/**
 * Buying gift cards, under /session-api (the buyer may be signed in): the API checks the fields with the shared
 * validators (422 with each field's message), so the limits are the same as the page's; a declined card is a
 * 402 and the same idempotency key again answers the same purchase.
 */
export const giftCardPurchaseRoutes: FastifyPluginAsyncZod<{
  orders: OrderContext;
  sessionCookie: SessionCookie;
}> = async (app, { orders, sessionCookie }) => {
  app.post('/gift-cards/purchase', { schema: { body: purchaseBody } }, async (request, reply) => {
    const { idempotency_key: idempotencyKey, ...purchase } = request.body;
    const now = new Date();
    const customer = await sessionUser(orders.db, sessionSecretOf(request, sessionCookie), now);
    const result = await buyGiftCards(orders, {
      idempotencyKey,
      request: purchase,
      customer,
      clientAddress: request.ip,
      now,
    });
    if (!result.ok) return reply.code(result.refusal.status).send(result.refusal.body);
    const view = await readGiftCardPurchase(orders.db, result.purchaseId);
    if (!view) throw new Error(`gift card purchase ${result.purchaseId} was made but cannot be read`);
    return { data: { purchase: view } };
  });
};

const balanceBody = z.object({ code: text('code', 64) }).strict();

/** The PIN-free balance check under /api: a card's last four and balance; one 404 for any wrong code, 429 past the address's tries. */
export const giftCardBalanceRoutes: FastifyPluginAsyncZod<{ orders: OrderContext }> = async (app, { orders }) => {
  app.post('/gift-cards/balance', { schema: { body: balanceBody } }, async (request, reply) => {
    const result = await lookUpGiftCardBalance(orders.db, request.body.code, request.ip, new Date());
    if ('status' in result) return reply.code(result.status).send(result.body);
    return { data: result };
  });
};
