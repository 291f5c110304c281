import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistedStore } from './store.ts';

describe('a store kept in local storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the value it has, without telling its readers, when set to an equal one', () => {
    const stored = new Map<string, string>([['etk-test-equal', JSON.stringify({ name: 'Jamie', lines: [1, 2] })]]);
    const writes: string[] = [];
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => {
          writes.push(value);
          stored.set(key, value);
        },
      },
      addEventListener: () => undefined,
    });
    const store = persistedStore<{ name: string; lines: number[] } | null>('etk-test-equal', null, (raw) => raw as { name: string; lines: number[] });
    const held = store.get();
    const listener = vi.fn();
    store.subscribe(listener);

    store.set({ name: 'Jamie', lines: [1, 2] });
    expect(store.get()).toBe(held);
    expect(listener).not.toHaveBeenCalled();
    expect(writes).toEqual([]);

    store.set((previous) => (previous ? { ...previous, lines: [1, 2, 3] } : previous));
    expect(store.get()).toEqual({ name: 'Jamie', lines: [1, 2, 3] });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(stored.get('etk-test-equal') ?? 'null')).toEqual({ name: 'Jamie', lines: [1, 2, 3] });
  });
});
