/**
 * How the order's page and e-mails name a refund. Apart from order.ts, whose paths every page's chunk carries,
 * because it needs the card brands' names (payment-card.ts), which only the pages with orders and forms load.
 */
import { MESSAGES } from './messages.ts';
import type { OrderRefundView, OrderView } from './order.ts';
import { cardBrandName } from './payment-card.ts';

/** Where a refund went, as the order's page and e-mails name it: 'Refunded to Visa ending in 4242 (on its way)'. */
export function refundLabel(
  order: Pick<OrderView, 'payment'>,
  refund: Pick<OrderRefundView, 'method' | 'pending'>,
): string {
  const way =
    refund.method === 'card' && order.payment
      ? MESSAGES.cardReady(cardBrandName(order.payment.brand), order.payment.last4)
      : refund.method === 'store_credit'
        ? MESSAGES.storeCreditLower
        : MESSAGES.giftCardsLower;
  const line = MESSAGES.refundedTo(way);
  return refund.pending ? MESSAGES.refundPending(line) : line;
}
