import { useMemo, useSyncExternalStore } from 'react';
import { createStore, useStore } from '../store.ts';
import {
  addEntry,
  hasEntry,
  overlayEntry,
  queuedAmong,
  removeEntry,
  type ProcessingEntry,
} from './processing-queue.ts';

export const processingStore = createStore<readonly ProcessingEntry[]>([]);

const nothingToStop = () => {};

/**
 * Marks the shop busy under entry.key and returns a stop for this very entry: a stop that comes late does not
 * end a newer entry under the same key. The queue lives in the browser only (on the server it would be
 * shared by every request).
 */
export function startProcessing(entry: ProcessingEntry): () => void {
  if (typeof document === 'undefined') return nothingToStop;
  processingStore.set((queue) => addEntry(queue, entry));
  return () => {
    processingStore.set((queue) => (queue.includes(entry) ? removeEntry(queue, entry.key) : queue));
  };
}

export function stopProcessing(key: string): void {
  processingStore.set((queue) => removeEntry(queue, key));
}

export function isProcessing(key: string): boolean {
  return hasEntry(processingStore.get(), key);
}

/** Whether key is being processed; false on the server and during hydration. */
export function useProcessing(key: string): boolean {
  return useSyncExternalStore(
    processingStore.subscribe,
    () => isProcessing(key),
    () => false,
  );
}

/**
 * Which of keys are being processed, through one subscription for the group: a tile's size buttons, sixty
 * tiles to a page, where useProcessing would subscribe once per size. None on the server and during hydration.
 */
export function useProcessingAmong(keys: readonly string[]): ReadonlySet<string> {
  const queued = useSyncExternalStore(
    processingStore.subscribe,
    () => queuedAmong(processingStore.get(), keys),
    () => '',
  );
  return useMemo(() => new Set(queued ? queued.split('\n') : []), [queued]);
}

/** The entry the loading overlay shows, if any. */
export function useOverlayEntry(): ProcessingEntry | undefined {
  return overlayEntry(useStore(processingStore));
}
