/**
 * The built-in gateway's card token, POST /session-api/checkout/card-token. The browser's card form calls it, so
 * this module imports nothing else of the API's schemas.
 */
import * as z from 'zod/mini';
import { CARD_BRANDS } from '../payment-card.ts';
import { endpoint } from './endpoint.ts';

/**
 * The built-in gateway's card form: the card is checked and dropped; only its token, brand, last four and expiry
 * come back. A declined card is a 402, a gateway that cannot be reached a 503.
 */
export const cardTokenEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/checkout/card-token',
  body: z.strictObject({
    number: z.string({ error: 'number must be text' }).check(z.maxLength(30, 'number is too long')),
    exp_month: z.number({ error: 'exp_month must be a number' }).check(z.int('exp_month must be a whole number')),
    exp_year: z.number({ error: 'exp_year must be a number' }).check(z.int('exp_year must be a whole number')),
    cvc: z.string({ error: 'cvc must be text' }).check(z.maxLength(4, 'cvc is too long')),
  }),
  data: z.object({
    token: z.string(),
    brand: z.enum(CARD_BRANDS),
    last4: z.string(),
    exp_month: z.number(),
    exp_year: z.number(),
  }),
});
