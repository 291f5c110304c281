/**
 * Product impressions (spec 4 and 9): a tile seen at 50% for 300 ms is queued, and what is queued goes out in
 * one view_item_list event 300 ms after the first item of a batch. Each product counts once per list.
 */
import { CURRENCY } from '../../../shared/constants.ts';
import type { AnalyticsEvent } from '../../lib/analytics/analytics-types.ts';

export interface Impression {
  item_id: string;
  item_name: string;
  /** The product's position in its list: index+1+offset. */
  index: number;
  price: number;
}

export interface ImpressionQueue {
  /** Every product queued so far in this list. */
  seen: ReadonlySet<string>;
  queued: readonly Impression[];
}

export const emptyImpressionQueue: ImpressionQueue = { seen: new Set(), queued: [] };

export function queueImpression(queue: ImpressionQueue, impression: Impression): ImpressionQueue {
  if (queue.seen.has(impression.item_id)) return queue;
  return { seen: new Set([...queue.seen, impression.item_id]), queued: [...queue.queued, impression] };
}

/** The batch to send now, and the queue left empty for the next. */
export function takeBatch(queue: ImpressionQueue): { batch: readonly Impression[]; queue: ImpressionQueue } {
  return { batch: queue.queued, queue: { seen: queue.seen, queued: [] } };
}

export function viewItemListEvent(listName: string, batch: readonly Impression[]): AnalyticsEvent {
  return { event: 'view_item_list', currency: CURRENCY, item_list_name: listName, items: [...batch] };
}
