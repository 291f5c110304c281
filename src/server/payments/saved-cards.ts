/**
 * Cards a customer keeps for next time. Only what the gateway's token stands for is stored: the token, brand,
 * last four and expiry (docs/decisions/011-payments.md); the number and CVC never reach the shop's tables.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { CardSummary } from './payment-gateway.ts';

/** Saves the token's card on the customer's account; a token already saved stays as it is, so saving twice is saving once. */
export async function saveCard(
  db: Db,
  customerId: string,
  token: string,
  card: CardSummary,
  createdAt: string,
): Promise<void> {
  await db
    .insertInto('saved_cards')
    .values({
      id: randomUUID(),
      customer_id: customerId,
      token,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      created_at: createdAt,
    })
    .onConflict((conflict) => conflict.column('token').doNothing())
    .execute();
}
