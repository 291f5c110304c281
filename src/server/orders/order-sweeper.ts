/**
 * Finishes what a crash (or a gateway that did not answer) left half-done, at start and every minute
 * (docs/decisions/013-placing-orders.md):
 * - an attempt still authorizing with no order or purchase is given up and its authorization voided
 *   (checkout/checkout-attempts.ts);
 * - a card authorized for an order that was written is captured;
 * - a card refund that was written but not sent is sent;
 * - gift cards whose delivery day has come are e-mailed, purchases of gift cards not yet captured are
 *   captured, and what their refunds owe the buyers' cards is voided or refunded (gift-cards/gift-card-sweeper.ts);
 * - with SMTP, mail still in the outbox is sent;
 * - a saved card the shopper deleted and the gateway did not let go is asked for again (payments/saved-cards.ts).
 * One server sweeps at a time, the holder of the job's lease; another takes over when it dies
 * (docs/decisions/039-one-runner-per-job.md). Each step is still idempotent and claimed with a conditional update,
 * so a sweep and a request racing, or two sweeps while a lease changes hands, do the work once.
 */
import { sweepAbandonedAttempts } from '../checkout/checkout-attempts.ts';
import { sweepGiftCards } from '../gift-cards/gift-card-sweeper.ts';
import { JobLease } from '../jobs/job-lease.ts';
import { sweepSavedCardRemovals } from '../payments/saved-cards.ts';
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
  savedCardsLetGo: number;
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
    savedCardsLetGo: 0,
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

  summary.savedCardsLetGo = await sweepSavedCardRemovals(ctx, olderThan);

  await ctx.mailer.deliverPending(new Date());
  await pruneRateLimits(ctx.db, new Date(olderThan.getTime() - 24 * 60 * 60_000));
  return summary;
}

export const ORDER_SWEEPER_JOB = 'order-sweeper';
/** A sweeper's lease: a dead server's sweeps are taken over within this and a renewal (a third of it). */
export const ORDER_SWEEPER_LEASE_MS = 60_000;

const NOTHING_SWEPT: SweepSummary = {
  voided: 0,
  captured: 0,
  refunds: 0,
  giftCardsDelivered: 0,
  giftCardPurchasesCaptured: 0,
  giftCardPurchaseRefunds: 0,
  savedCardsLetGo: 0,
};

/**
 * Sweeps once now (everything from before this start) and then every minute, until stopped, while this server,
 * named serverName, holds the sweeper's lease. A sweep still running when the next is due is not doubled.
 */
export function startOrderSweeper(
  ctx: OrderContext,
  serverName: string,
  { everyMs = 60_000, leaseMs = ORDER_SWEEPER_LEASE_MS }: { everyMs?: number; leaseMs?: number } = {},
): { firstSweep: Promise<SweepSummary>; stop: () => Promise<void> } {
  const log = { warn: (details: object, message: string) => ctx.logger?.warn(details, message) };
  const lease = new JobLease(ctx.db, ORDER_SWEEPER_JOB, serverName, leaseMs);
  let sweeping: Promise<SweepSummary> | null = null;
  const sweep = (olderThan: Date): Promise<SweepSummary> => {
    sweeping ??= sweepOrders(ctx, olderThan)
      .catch((error: unknown) => {
        ctx.logger?.error({ err: error }, 'order sweep failed');
        return NOTHING_SWEPT;
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };
  const firstSweep = lease.start(log).then((held) => (held ? sweep(new Date()) : NOTHING_SWEPT));
  const timer = setInterval(() => {
    if (lease.isHeld() && !sweeping) void sweep(new Date(Date.now() - everyMs));
  }, everyMs);
  timer.unref();
  return {
    firstSweep,
    async stop() {
      clearInterval(timer);
      await firstSweep;
      await sweeping;
      await lease.stop(log);
    },
  };
}
