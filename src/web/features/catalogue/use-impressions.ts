import { useCallback, useEffect, useRef } from 'react';
import { IMPRESSION_BATCH_MS, IMPRESSION_VISIBLE_FRACTION, IMPRESSION_VISIBLE_MS } from '../../../shared/constants.ts';
import { track } from '../../lib/analytics/analytics.ts';
import {
  emptyImpressionQueue,
  queueImpression,
  takeBatch,
  viewItemListEvent,
  type Impression,
} from './impression-queue.ts';

/**
 * Watches tiles for impressions: a tile at least half in view for 300 ms is queued, and the queue goes out as
 * view_item_list 300 ms later. Returns the function that watches a tile; the list starts afresh when listKey changes.
 */
export function useImpressions(listName: string, listKey: string) {
  const queue = useRef(emptyImpressionQueue);
  const items = useRef(new Map<Element, Impression>());
  const timers = useRef(new Map<Element, number>());
  const observer = useRef<IntersectionObserver | null>(null);
  const batchTimer = useRef<number | null>(null);

  const send = useCallback(() => {
    batchTimer.current = null;
    const { batch, queue: rest } = takeBatch(queue.current);
    queue.current = rest;
    if (batch.length) track(viewItemListEvent(listName, batch));
  }, [listName]);

  useEffect(() => {
    const pending = timers.current;
    const watched = items.current;
    queue.current = emptyImpressionQueue;
    const seenLongEnough = (element: Element) => {
      pending.delete(element);
      const impression = watched.get(element);
      if (!impression) return;
      queue.current = queueImpression(queue.current, impression);
      batchTimer.current ??= window.setTimeout(send, IMPRESSION_BATCH_MS);
    };
    const current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const timer = pending.get(entry.target);
          if (entry.isIntersecting && entry.intersectionRatio >= IMPRESSION_VISIBLE_FRACTION) {
            if (timer === undefined)
              pending.set(
                entry.target,
                window.setTimeout(() => seenLongEnough(entry.target), IMPRESSION_VISIBLE_MS),
              );
          } else if (timer !== undefined) {
            window.clearTimeout(timer);
            pending.delete(entry.target);
          }
        }
      },
      { threshold: IMPRESSION_VISIBLE_FRACTION },
    );
    observer.current = current;
    watched.forEach((_, element) => current.observe(element));
    return () => {
      current.disconnect();
      observer.current = null;
      pending.forEach((timer) => window.clearTimeout(timer));
      pending.clear();
      if (batchTimer.current !== null) {
        window.clearTimeout(batchTimer.current);
        send();
      }
    };
  }, [listKey, send]);

  /** Watches the element that shows one product, until the returned cleanup. */
  return useCallback((element: Element, impression: Impression) => {
    items.current.set(element, impression);
    observer.current?.observe(element);
    return () => {
      items.current.delete(element);
      observer.current?.unobserve(element);
      const timer = timers.current.get(element);
      if (timer !== undefined) window.clearTimeout(timer);
      timers.current.delete(element);
    };
  }, []);
}
