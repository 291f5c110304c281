import { describe, expect, it } from 'vitest';
import {
  addEntry,
  hasEntry,
  overlayEntry,
  queuedAmong,
  removeEntry,
  type ProcessingEntry,
} from './processing-queue.ts';

const search: ProcessingEntry = { key: 'site-search', type: 'inline', reason: 'search' };
const checkout: ProcessingEntry = {
  key: 'checkout',
  type: 'overlay',
  reason: 'checkout',
  message: 'Placing your order',
};

describe('processing queue', () => {
  it('adds entries and finds them by key', () => {
    const queue = addEntry(addEntry([], search), checkout);
    expect(queue).toEqual([search, checkout]);
    expect(hasEntry(queue, 'site-search')).toBe(true);
    expect(hasEntry(queue, 'add-to-bag:UPMH1000-M')).toBe(false);
  });

  it('keeps one entry per key, the latest', () => {
    const again = { ...checkout, message: 'Still placing your order' };
    expect(addEntry([search, checkout], again)).toEqual([search, again]);
  });

  it('removes by key and leaves the queue untouched for an unknown key', () => {
    const queue = [search, checkout];
    expect(removeEntry(queue, 'site-search')).toEqual([checkout]);
    expect(removeEntry(queue, 'login')).toBe(queue);
  });

  it('shows the overlay for the newest overlay entry only', () => {
    expect(overlayEntry([search])).toBeUndefined();
    const login: ProcessingEntry = { key: 'login', type: 'overlay', reason: 'login' };
    expect(overlayEntry([checkout, search, login])).toBe(login);
  });

  it('names the keys of a group that are queued, in the order of the group', () => {
    const small: ProcessingEntry = { key: 'add-to-bag:UPMH1000-S', type: 'inline', reason: 'add-to-bag' };
    const large: ProcessingEntry = { key: 'add-to-bag:UPMH1000-L', type: 'inline', reason: 'add-to-bag' };
    const sizes = ['add-to-bag:UPMH1000-S', 'add-to-bag:UPMH1000-M', 'add-to-bag:UPMH1000-L'];
    expect(queuedAmong([search, large, small], sizes)).toBe('add-to-bag:UPMH1000-S\nadd-to-bag:UPMH1000-L');
    expect(queuedAmong([search, checkout], sizes)).toBe('');
  });
});
