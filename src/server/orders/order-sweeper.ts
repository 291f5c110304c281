/**
 * Finishes what a crash (or a gateway that did not answer) left half-done, at start and every minute
 * (docs/decisions/013-placing-orders.md):
 * - an attempt still authorizing with no order or purchase is given up and its authorization voided
 *   (checkout/checkout-attempts.ts);
 * - a card authorized for an order that was written is captured;
 * - a card refund that was written but not sent is sent;
 * - gift cards whose delivery day has come are e-mailed, purchases of gift cards not yet captured are
 *   captured, and what their refunds owe the buyers' cards is voided or refunded (gift-cards/gift-card-sweeper.ts);
 * - with SMTP, mail still in the outbox is sent.
 * Each step is idempotent and claimed with a conditional update, so two sweepers (two servers) or a sweeper and
 * a request racing do the work once.
 */
import { sweepAbandonedAttempts } from '../checkout/checkout-attempts.ts';
import { sweepGiftCards } from '../gift-cards/gift-card-sweeper.ts';
import { pruneRateLimits } from '../rate-limits/rate-limits.ts';
import type { OrderContext } from './order-context.ts';
import { captureCardPayment, settleCardRefunds } from './order-payments.ts';

export interface SweepSummary {
  voided: number;
  captured: number;
  refunds: number;
  giftCardsDelivered: number;
  giftCardPurchasesCaptured: number;
  giftCardPurchaseRefunds: number;
}

/** Sweeps what was last touched before `olderThan`. */
export async function sweepOrders(ctx: OrderContext, olderThan: Date): Promise<SweepSummary> {
  const summary: SweepSummary = {
    voided: 0,
    captured: 0,
    refunds: 0,
    giftCardsDelivered: 0,
    giftCardPurchasesCaptured: 0,
    giftCardPurchaseRefunds: 0,
  };
  const before = olderThan.toISOString();

  summary.voided = await sweepAbandonedAttempts(ctx, olderThan);

  const uncaptured = await ctx.db
    .selectFrom('order_payments')
    .select(['id', 'order_id', 'reference', 'status'])
    .where('method', '=', 'card')
    .where('status', '=', 'authorized')
    .where('created_at', '<', before)
    .limit(500)
    .execute();
  for (const payment of uncaptured) {
    if (await captureCardPayment(ctx, payment)) summary.captured += 1;
  }

  const pending = await ctx.db
    .selectFrom('order_refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .limit(500)
    .execute();
  await settleCardRefunds(
    ctx,
    pending.map((refund) => refund.id),
  );
  summary.refunds = pending.length;

  const giftCards = await sweepGiftCards(ctx, olderThan, new Date());
  summary.giftCardsDelivered = giftCards.delivered;
  summary.giftCardPurchasesCaptured = giftCards.captured;
  summary.giftCardPurchaseRefunds = giftCards.refunds;

  await ctx.mailer.deliverPending(olderThan);
  await pruneRateLimits(ctx.db, new Date(olderThan.getTime() - 24 * 60 * 60_000));
  return summary;
}

/** Sweeps once now (everything from before this start) and then every minute, until stopped. */
export function startOrderSweeper(
  ctx: OrderContext,
  everyMs = 60_000,
): { firstSweep: Promise<SweepSummary>; stop: () => void } {
  const sweep = (olderThan: Date) =>
    sweepOrders(ctx, olderThan).catch((error: unknown) => {
      ctx.logger?.error({ err: error }, 'order sweep failed');
      return {
        voided: 0,
        captured: 0,
        refunds: 0,
        giftCardsDelivered: 0,
        giftCardPurchasesCaptured: 0,
        giftCardPurchaseRefunds: 0,
      };
    });
  const firstSweep = sweep(new Date());
  const timer = setInterval(() => void sweep(new Date(Date.now() - everyMs)), everyMs);
  timer.unref();
  return { firstSweep, stop: () => clearInterval(timer) };
}
