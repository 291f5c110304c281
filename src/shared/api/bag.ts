/**
 * The bag's refresh, POST /session-api/checkout/get-cart (spec section 7). Its schemas describe the whole bag, so
 * the browser loads this module when it first prices the bag, not with every page (vite.config.ts).
 */
import * as z from 'zod/mini';
import { normalizeCode, type GetCartResponse } from '../bag-pricing.ts';
import type { Cart } from '../cart.ts';
import { MAX_CODE_LENGTH } from '../constants.ts';
import { endpoint } from './endpoint.ts';
import { addressSchema, imageRefSchema } from './shared-schemas.ts';

/**
 * The bag as a caller sends it. The route checks only that it is an object and the handler reads it field by
 * field (parseCart), so a caller is typed to send a Cart while the handler gets the object unread. A custom check
 * rather than z.record: the browser loads this module, and every page would carry z.record's code.
 */
export const sentCartSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { error: 'cart must be an object' },
) as unknown as z.ZodMiniType<Record<string, unknown>, Cart>;

const amountSchema = z.object({ amount: z.number() });

const shippingMethodSchema = z.object({
  code: z.string(),
  name: z.string(),
  price: z.number(),
  regular_price: z.number(),
});

const cartSchema = z.object({
  customer_email: z.string(),
  promo_code_id: z.nullable(z.string()),
  promo_code_code: z.nullable(z.string()),
  requested_ship_method: z.nullable(z.string()),
  available_ship_methods: z.array(shippingMethodSchema),
  use_store_credit: z.boolean(),
  available_credit: z.number(),
  gift_card_payment_items: z.array(z.object({ code: z.string(), amount: z.number() })),
  items: z.array(
    z.object({
      line_number: z.number(),
      sku: z.string(),
      qty: z.number(),
      item_price: z.number(),
      discount_amount: z.number(),
      dim_style: z.string(),
      dim_name: z.string(),
      dim_size: z.string(),
      dim_category: z.string(),
      url: z.string(),
      image: z.nullable(imageRefSchema),
      maxQty: z.number(),
    }),
  ),
  totals: z.object({
    subtotal: amountSchema,
    discount: amountSchema,
    subtotal_after_discounts: amountSchema,
    tax: amountSchema,
    balance_due: amountSchema,
  }),
  billing_address_same_as_shipping: z.boolean(),
  selected_credit_card_token: z.nullable(z.string()),
  shipping_address: addressSchema,
  billing_address: addressSchema,
  added_auto_sku: z.nullable(z.string()),
  processedMarketplaceRequest: z.boolean(),
  displayCartMessage: z.nullable(z.string()),
});

const getCartResponseSchema: z.ZodMiniType<GetCartResponse> = z.object({
  updatedCart: cartSchema,
  added_auto_sku: z.nullable(z.string()),
  processedMarketplaceRequest: z.boolean(),
  shippingMethods: z.array(shippingMethodSchema),
  forceNoStock: z.boolean(),
  disableCheckout: z.boolean(),
  finalSalesMessage: z.nullable(z.string()),
  promoEnabled: z.boolean(),
  messages: z.array(z.object({ type: z.enum(['success', 'info', 'warning', 'danger']), text: z.string() })),
});

/**
 * Prices the bag from the database; a typed promo code is applied or refused with its reason (422). The query
 * string is the page's own, any names: its bag link (`add`, `promo`) is read by the handler, so the contract
 * names no query. The response is the priced bag whole, without the `{data}` envelope (spec section 7).
 */
export const getCartEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/checkout/get-cart',
  body: z.object({
    cart: sentCartSchema,
    code: z.optional(
      z.pipe(
        z.pipe(z.string({ error: 'code must be text' }), z.transform(normalizeCode)),
        z
          .string()
          .check(z.minLength(1, 'Enter a promo code'), z.maxLength(MAX_CODE_LENGTH, 'That promo code is too long')),
      ),
    ),
  }),
  data: getCartResponseSchema,
  envelope: false,
});
