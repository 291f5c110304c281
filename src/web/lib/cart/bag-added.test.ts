import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bagAddedStore, showBagAdded } from './bag-added.ts';

describe('the bag’s added confirmation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('shows for 3 seconds after an add', () => {
    showBagAdded();
    expect(bagAddedStore.get()).toBe(true);
    vi.advanceTimersByTime(2999);
    expect(bagAddedStore.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bagAddedStore.get()).toBe(false);
  });

  it('counts the 3 seconds again from a second add', () => {
    showBagAdded();
    vi.advanceTimersByTime(2000);
    showBagAdded();
    vi.advanceTimersByTime(2999);
    expect(bagAddedStore.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bagAddedStore.get()).toBe(false);
  });
});
