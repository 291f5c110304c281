/** The order pages' endpoints under /api/orders: the lookup, and the view, address change and cancellation by link. */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages.ts';
import { ORDER_STATUSES } from '../order.ts';
import { endpoint } from './endpoint.ts';
import { addressSchema, imageRefSchema } from './shared-schemas.ts';

const orderLineSchema = z.object({
  line_number: z.number(),
  sku: z.string(),
  product_id: z.string(),
  name: z.string(),
  size: z.string(),
  qty: z.number(),
  item_price: z.number(),
  discount_amount: z.number(),
  tax: z.number(),
  total: z.number(),
  url: z.nullable(z.string()),
  image: z.nullable(imageRefSchema),
});

/** The placed order and everything else the order page shows (the OrderView of src/shared/order.ts). */
export const orderViewSchema = z.object({
  id: z.string(),
  hash: z.string(),
  number: z.number(),
  email: z.string(),
  lines: z.array(orderLineSchema),
  ship_method: z.object({ code: z.string(), name: z.string() }),
  totals: z.object({
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    tax: z.number(),
    total: z.number(),
    gift_cards: z.number(),
    store_credit: z.number(),
    card: z.number(),
    refunded: z.number(),
  }),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  shipping_address: addressSchema,
  billing_address: addressSchema,
  payment: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  gift_cards: z.array(z.object({ last4: z.string(), amount: z.number() })),
  refunds: z.array(
    z.object({
      amount: z.number(),
      method: z.enum(['card', 'gift_card', 'store_credit']),
      reason: z.string(),
      at: z.string(),
      pending: z.boolean(),
    }),
  ),
  tracking_url: z.nullable(z.string()),
  history: z.array(z.object({ kind: z.string(), at: z.string(), data: z.record(z.string(), z.unknown()) })),
  can_change_address: z.boolean(),
  can_cancel: z.boolean(),
  cancel_until: z.nullable(z.string()),
});

/** An order's link: its id and the hash that proves the caller was given it. */
const orderLinkParams = z.object({
  id: z.string().check(z.maxLength(100, 'id is too long')),
  hash: z.string().check(z.maxLength(100, 'hash is too long')),
});

const ORDER_NUMBER_PROBLEM = 'number must be an order number';

/** Finds an order by its number and e-mail; the response is the same message whether or not one matches. */
export const orderLookupEndpoint = endpoint({
  method: 'POST',
  path: '/api/orders/lookup',
  body: z.object({
    number: z.coerce
      .number({ error: ORDER_NUMBER_PROBLEM })
      .check(z.int(ORDER_NUMBER_PROBLEM), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)),
    email: z.string({ error: 'email must be text' }).check(z.maxLength(254, MESSAGES.invalidEmail)),
  }),
  data: z.object({ message: z.string() }),
});

export const orderViewEndpoint = endpoint({
  method: 'GET',
  path: '/api/orders/:id/:hash',
  params: orderLinkParams,
  data: orderViewSchema,
});

/** Changes the shipping address while the order allows it; the response is the order as it now stands. */
export const orderAddressChangeEndpoint = endpoint({
  method: 'POST',
  path: '/api/orders/:id/:hash/address',
  params: orderLinkParams,
  body: z.object({
    shipping_address: z.record(z.string(), z.unknown(), { error: 'shipping_address must be an object' }),
  }),
  data: orderViewSchema,
});

/** Cancels the order within its window; the response is the cancelled order with its refunds. */
export const orderCancellationEndpoint = endpoint({
  method: 'POST',
  path: '/api/orders/:id/:hash/cancel',
  params: orderLinkParams,
  data: orderViewSchema,
});
