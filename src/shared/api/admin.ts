/** The merchant's API under /admin-api, behind ADMIN_API_KEY sent as `Authorization: Bearer <key>`. */
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../order.ts';
import { endpoint } from './endpoint.ts';

const idParams = z.object({ id: z.string().check(z.maxLength(100, 'id is too long')) });

/** Moves an order to its next status; a shipment needs its tracking link. The response names both statuses. */
export const orderStatusEndpoint = endpoint({
  method: 'POST',
  path: '/admin-api/orders/:id/status',
  params: idParams,
  body: z.strictObject({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
    tracking_url: z.optional(z.string().check(z.maxLength(2000, 'tracking_url is too long'))),
  }),
  data: z.object({ from: z.enum(ORDER_STATUSES), to: z.enum(ORDER_STATUSES) }),
});

/**
 * Refunds a gift card purchase: what was not spent goes back to the card (the authorization is voided when
 * nothing was captured) and the promotion's bonus is withdrawn. Asked again, the response is the same refund.
 */
export const giftCardPurchaseRefundEndpoint = endpoint({
  method: 'POST',
  path: '/admin-api/gift-card-purchases/:id/refund',
  params: idParams,
  body: z.nullish(z.strictObject({})),
  data: z.object({
    purchase_id: z.string(),
    amount: z.number(),
    refunded: z.number(),
    spent: z.number(),
    bonus_withdrawn: z.number(),
    voided: z.boolean(),
    settled: z.boolean(),
  }),
});
