/**
 * Cards a customer keeps for next time. Only what the gateway's token stands for is stored: the token, brand,
 * last four and expiry (docs/decisions/011-payments.md); the number and CVC never reach the shop's tables.
 * A gateway may keep the card too (Stripe, on the account's Customer): deleting it lets go of it there as well.
 */
import { randomUUID } from 'node:crypto';
import type { BaseLogger } from 'pino';
import type { Db } from '../db/database.ts';
import type { CardSummary, PaymentGateway } from './payment-gateway.ts';

export interface SavedCardsContext {
  db: Db;
  gateway: PaymentGateway;
  logger?: Pick<BaseLogger, 'warn' | 'error'>;
}

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

/**
 * Deletes one of the customer's saved cards; false when the customer has no card of that id. The deletion commits
 * with a saved_card_removals row before the gateway is asked to let the card go, and the answer does not wait for
 * the gateway: a gateway that is down neither loses the shopper's deletion nor holds up their page, and the order
 * sweeper asks again (sweepSavedCardRemovals; docs/decisions/040-deleting-a-saved-card.md).
 */
export async function deleteSavedCard(
  ctx: SavedCardsContext,
  customerId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const token = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('saved_cards')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .returning('token')
      .executeTakeFirst();
    if (!deleted) return null;
    await trx
      .insertInto('saved_card_removals')
      .values({ token: deleted.token, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('token').doNothing())
      .execute();
    return deleted.token;
  });
  if (token === null) return false;
  void forgetCard(ctx, token);
  return true;
}

/** Asks the gateway to let the card go: done, its removal row goes; not done, the row stays for the next sweep. */
async function forgetCard(ctx: SavedCardsContext, token: string): Promise<boolean> {
  try {
    const forgotten = await ctx.gateway.forgetCard(token);
    if (forgotten.status !== 'approved') {
      const reason = forgotten.status === 'error' ? forgotten.detail : forgotten.code;
      ctx.logger?.warn({ reason }, 'deleted card not let go by the gateway; the sweeper asks again');
      return false;
    }
    await ctx.db.deleteFrom('saved_card_removals').where('token', '=', token).execute();
    return true;
  } catch (error) {
    ctx.logger?.error({ err: error }, 'letting go of a deleted card failed; the sweeper asks again');
    return false;
  }
}

/** Asks the gateway again to let go of the cards deleted before `olderThan`; returns how many it let go. */
export async function sweepSavedCardRemovals(ctx: SavedCardsContext, olderThan: Date): Promise<number> {
  const pending = await ctx.db
    .selectFrom('saved_card_removals')
    .select('token')
    .where('created_at', '<', olderThan.toISOString())
    .orderBy('created_at')
    .limit(500)
    .execute();
  let forgottenCount = 0;
  for (const removal of pending) if (await forgetCard(ctx, removal.token)) forgottenCount += 1;
  return forgottenCount;
}
