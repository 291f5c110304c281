/**
 * The processing queue of spec 3 and 4: what the shop is busy with, by key. Entries of type 'overlay' (placing
 * an order, signing in) put the loading overlay over the page; 'inline' ones (the site-search indicator, an
 * add-to-bag button) only drive their own indicator.
 */
export type ProcessingType = 'overlay' | 'inline';

export interface ProcessingEntry {
  key: string;
  type: ProcessingType;
  /** Why the shop is busy (checkout, login, search, add-to-bag): for analytics and debugging, never shown. */
  reason: string;
  /** Shown under the overlay's spinner. */
  message?: string;
}

/** Adds an entry; one with the key of a queued entry takes its place. */
export function addEntry(queue: readonly ProcessingEntry[], entry: ProcessingEntry): readonly ProcessingEntry[] {
  const index = queue.findIndex((queued) => queued.key === entry.key);
  if (index === -1) return [...queue, entry];
  return queue.map((queued, position) => (position === index ? entry : queued));
}

export function removeEntry(queue: readonly ProcessingEntry[], key: string): readonly ProcessingEntry[] {
  return queue.some((queued) => queued.key === key) ? queue.filter((queued) => queued.key !== key) : queue;
}

export function hasEntry(queue: readonly ProcessingEntry[], key: string): boolean {
  return queue.some((queued) => queued.key === key);
}

/** Which of keys have an entry, one a line: a group of keys read as one value that changes only with them. */
export function queuedAmong(queue: readonly ProcessingEntry[], keys: readonly string[]): string {
  return keys.filter((key) => hasEntry(queue, key)).join('\n');
}

/** The overlay shows the newest entry that asks for it. */
export function overlayEntry(queue: readonly ProcessingEntry[]): ProcessingEntry | undefined {
  return queue.findLast((queued) => queued.type === 'overlay');
}
