/**
 * Placing the order, POST /session-api/checkout/place-order, and the request schemas the gift card purchase shares.
 * Only the server and the checkout's action read this module; the browser's card form calls card-token.ts.
 */
import * as z from 'zod/mini';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH } from '../order.ts';
import { sentCartSchema } from './bag.ts';
import { endpoint } from './endpoint.ts';
import { orderViewSchema } from './orders.ts';

/** The attempt's idempotency key, which the checkout page makes when it opens: the same key is the same attempt. */
export const idempotencyKeySchema = z
  .string({ error: 'idempotency_key must be text' })
  .check(
    z.regex(/^[A-Za-z0-9_-]+$/, 'idempotency_key must be letters, digits, - and _'),
    z.minLength(
      IDEMPOTENCY_KEY_MIN_LENGTH,
      `idempotency_key must be at least ${IDEMPOTENCY_KEY_MIN_LENGTH} characters`,
    ),
    z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH, `idempotency_key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`),
  );

export const cardTokenPaymentSchema = z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(255)) });
export const savedCardPaymentSchema = z.strictObject({
  saved_card_id: z.string().check(z.minLength(1), z.maxLength(100)),
});

/**
 * Places the order under the attempt's idempotency key; the response is the placed order and the success page to
 * go to. A refusal says why: 402 a declined card, 409 a changed bag (re-priced in `updatedCart`), 422 the fields.
 */
export const placeOrderEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/checkout/place-order',
  body: z.object({
    idempotency_key: idempotencyKeySchema,
    cart: sentCartSchema,
    payment: z.union([cardTokenPaymentSchema, savedCardPaymentSchema, z.null()], {
      error: 'payment must be {token}, {saved_card_id} or null',
    }),
    expected_balance_due: z
      .number({ error: 'expected_balance_due must be a number' })
      .check(z.gte(0), z.lte(1_000_000)),
    save_card: z.optional(z.boolean({ error: 'save_card must be true or false' })),
  }),
  data: z.object({ order: orderViewSchema, redirect: z.string() }),
});
