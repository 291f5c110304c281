/**
 * Gift cards' work that waits: each card e-mailed on its delivery day (the shop's calendar day, SHOP_TIME_ZONE),
 * each purchase's card payment captured when the request that bought it could not, and what a purchase's refund
 * owes the buyer's card voided or refunded when the request that wrote it could not. The orders' sweeper
 * runs this at start and every minute, after voiding what abandoned attempts left authorized (a purchase's
 * attempt is one of them). A card is claimed for delivery by setting delivered_at conditionally, in the transaction that writes
 * its e-mail to the outbox, so two servers sweeping at once send it once.
 */
import { dayIn } from '../../shared/gift-card.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import { captureGiftCardPurchase, readGiftCardSettings } from './buy-gift-cards.ts';
import { giftCardMail } from './gift-card-mail.ts';
import { settleGiftCardRefunds } from './refund-gift-card-purchase.ts';

export interface GiftCardSweepSummary {
  delivered: number;
  captured: number;
  refunds: number;
}

/** E-mails every card whose day has come, that has not been e-mailed and that its purchase's refund did not withdraw; returns how many. */
export async function deliverDueGiftCards(ctx: CheckoutContext, now: Date): Promise<number> {
  const today = dayIn(ctx.shopTimeZone, now);
  const due = await ctx.db
    .selectFrom('gift_cards')
    .select(['id', 'code', 'kind', 'initial_cents', 'recipient_name', 'recipient_email', 'message', 'sender_name'])
    .where('delivered_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('deliver_on', 'is not', null)
    .where('deliver_on', '<=', today)
    .orderBy('deliver_on')
    .limit(500)
    .execute();
  if (due.length === 0) return 0;
  const { siteName } = await readGiftCardSettings(ctx.db);
  const shop = { publicUrl: ctx.publicUrl, siteName };
  let delivered = 0;
  for (const card of due) {
    const outboxId = await ctx.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('gift_cards')
        .set({ delivered_at: now.toISOString() })
        .where('id', '=', card.id)
        .where('delivered_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed || !card.recipient_email) return null;
      const mail = giftCardMail(shop, {
        kind: card.kind === 'bonus' ? 'bonus' : 'purchased',
        code: card.code,
        amountCents: card.initial_cents,
        recipientName: card.recipient_name ?? '',
        recipientEmail: card.recipient_email,
        message: card.message,
        senderName: card.sender_name,
      });
      return ctx.mailer.enqueue(trx, mail, now);
    });
    if (!outboxId) continue;
    delivered += 1;
    await ctx.mailer.deliver([outboxId]);
  }
  return delivered;
}

/**
 * Delivers the cards due, captures purchases still only authorized since before `olderThan` (not one whose
 * refund owes all of it back: that is voided), and settles the refunds pending since then.
 */
export async function sweepGiftCards(ctx: CheckoutContext, olderThan: Date, now: Date): Promise<GiftCardSweepSummary> {
  const uncaptured = await ctx.db
    .selectFrom('gift_card_purchases')
    .select(['id', 'payment_reference', 'payment_status'])
    .where('payment_status', '=', 'authorized')
    .whereRef('refunded_cents', '<', 'amount_cents')
    .where('created_at', '<', olderThan.toISOString())
    .limit(500)
    .execute();
  let captured = 0;
  for (const purchase of uncaptured) if (await captureGiftCardPurchase(ctx, purchase)) captured += 1;
  const pending = await ctx.db
    .selectFrom('gift_card_refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at', '<', olderThan.toISOString())
    .limit(500)
    .execute();
  const refunds = await settleGiftCardRefunds(
    ctx,
    pending.map((refund) => refund.id),
  );
  return { delivered: await deliverDueGiftCards(ctx, now), captured, refunds };
}
