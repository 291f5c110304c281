import { describe, expect, it } from 'vitest';
import {
  emptyImpressionQueue,
  queueImpression,
  takeBatch,
  viewItemListEvent,
  type Impression,
} from './impression-queue.ts';

const item = (id: string, index: number): Impression => ({ item_id: id, item_name: `Product ${id}`, index, price: 28 });

describe('product impressions', () => {
  it('queue each product once per list and send the queue as one batch', () => {
    let queue = queueImpression(emptyImpressionQueue, item('a', 1));
    queue = queueImpression(queue, item('b', 2));
    queue = queueImpression(queue, item('a', 1));
    const first = takeBatch(queue);
    expect(first.batch.map((impression) => impression.item_id)).toEqual(['a', 'b']);
    expect(first.queue.queued).toEqual([]);
    const again = queueImpression(queueImpression(first.queue, item('b', 2)), item('c', 3));
    expect(takeBatch(again).batch.map((impression) => impression.item_id)).toEqual(['c']);
  });

  it('report a batch as view_item_list in USD with the item ids', () => {
    expect(viewItemListEvent('Shop Men', [item('a', 61)])).toEqual({
      event: 'view_item_list',
      currency: 'USD',
      item_list_name: 'Shop Men',
      items: [{ item_id: 'a', item_name: 'Product a', index: 61, price: 28 }],
    });
  });
});
