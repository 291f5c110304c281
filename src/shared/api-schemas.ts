/**
 * The schemas of the JSON API's answers as the web app's loaders read them (src/web/lib/load-api.server.ts), one
 * beside each type of src/shared it checks. They live apart from those modules because the browser imports the
 * modules and not the schemas, which the bundler could not leave out of them. api-schemas.test.ts checks that
 * each schema reads exactly its type.
 */
import * as z from 'zod/mini';
import { giftCardPurchaseViewSchema } from './gift-card.ts';

/** What POST /session-api/gift-cards/purchase answers in a 200: the purchase for its confirmation. */
export const giftCardPurchaseAnswerSchema = z.object({ data: z.object({ purchase: giftCardPurchaseViewSchema }) });

/** What POST /api/gift-cards/balance answers in a 200: the card's last four and its balance. */
export const giftCardBalanceAnswerSchema = z.object({ data: z.object({ last4: z.string(), balance: z.number() }) });
