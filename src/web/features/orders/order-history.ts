/**
 * The order page's timeline: the events of an order's history a shopper reads (its statuses, the shipping
 * link, card refunds, address changes) with their words and times (ISO; ui/local-time.tsx writes them in the
 * shopper's zone).
 */
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney, fromCents } from '../../../shared/money.ts';
import { isOrderStatus, type OrderEventView } from '../../../shared/order.ts';

export interface TimelineEntry {
  label: string;
  /** When it happened, as the server sent it (ISO). */
  at: string;
  /** The carrier's tracking page of a shipped event. */
  trackingUrl: string | null;
}

/** Only a web address is a tracking link; anything else the event carries is not followed. */
function trackingUrlOf(data: Record<string, unknown>): string | null {
  const url = data.tracking_url;
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function labelOf({ kind, data }: OrderEventView): string | null {
  if (isOrderStatus(kind)) return MESSAGES.orderStatusNames[kind];
  if (kind === 'address_changed') return MESSAGES.orderAddressChanged;
  if (kind === 'card_refunded' && typeof data.amount_cents === 'number')
    return MESSAGES.orderCardRefunded(formatMoney(fromCents(data.amount_cents)));
  return null;
}

/** The history's events a shopper reads, oldest first as the server sorts them; others are left out. */
export function timelineEntries(history: readonly OrderEventView[]): TimelineEntry[] {
  return history.flatMap((event) => {
    const label = labelOf(event);
    return label === null
      ? []
      : [{ label, at: event.at, trackingUrl: event.kind === 'shipped' ? trackingUrlOf(event.data) : null }];
  });
}
