/** The gift card endpoints: buying cards under /session-api (the buyer may be signed in) and the balance check. */
import * as z from 'zod/mini';
import { giftCardPurchaseViewSchema } from '../gift-card.ts';
import { cardTokenPaymentSchema, idempotencyKeySchema, savedCardPaymentSchema } from './checkout.ts';
import { endpoint } from './endpoint.ts';

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).check(z.maxLength(max, `${name} is too long`));

/**
 * Buys the cards: the API checks the fields with the shared validators (422 with each field's message), so the
 * limits are the same as the page's; a declined card is a 402 and the same idempotency key again is answered
 * with the same purchase.
 */
export const giftCardPurchaseEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/gift-cards/purchase',
  body: z.strictObject({
    idempotency_key: idempotencyKeySchema,
    amount: z
      .number({ error: 'amount must be a number of dollars' })
      .check(z.gte(0, 'amount must be a number of dollars'), z.lte(1_000_000, 'amount is too large')),
    recipient_name: text('recipient_name', 1000),
    recipient_email: text('recipient_email', 1000),
    message: z._default(text('message', 5000), ''),
    deliver_on: z._default(text('deliver_on', 40), ''),
    promo_recipient_name: z._default(text('promo_recipient_name', 1000), ''),
    promo_recipient_email: z._default(text('promo_recipient_email', 1000), ''),
    promo_message: z._default(text('promo_message', 5000), ''),
    buyer_email: z._default(text('buyer_email', 1000), ''),
    payment: z.union([cardTokenPaymentSchema, savedCardPaymentSchema], {
      error: 'payment must be {token} or {saved_card_id}',
    }),
  }),
  data: z.object({ purchase: giftCardPurchaseViewSchema }),
});

/** The PIN-free balance check: a card's last four and balance; one 404 for any wrong code, 429 past the address's tries. */
export const giftCardBalanceEndpoint = endpoint({
  method: 'POST',
  path: '/api/gift-cards/balance',
  body: z.strictObject({ code: text('code', 64) }),
  data: z.object({ last4: z.string(), balance: z.number() }),
});
