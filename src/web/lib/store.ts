/**
 * Tiny stores for client state. A store is read through useSyncExternalStore, so the server render and
 * hydration see the initial value and the browser's own value (local storage) arrives right after
 * hydration: no mismatch, no flash of wrong content.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The value before anything from the browser is known: what the server renders. */
  readonly initial: T;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Turns whatever local storage holds into a valid value, or undefined when it is not one. */
export type Parse<T> = (raw: unknown) => T | undefined;

const persisted = new Map<string, Store<unknown>>();

function readStorage<T>(key: string, fallback: T, parse: Parse<T>): T {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return fallback;
  }
  if (raw === null) return fallback;
  try {
    const parsed = parse(JSON.parse(raw));
    if (parsed !== undefined) return parsed;
  } catch {
    // Not JSON: treated like any other invalid value below.
  }
  console.warn(`Ignoring an invalid value in local storage under ${key}`);
  return fallback;
}

/**
 * A store persisted to local storage under key, shared by every caller of the same key and kept in step
 * across tabs. Invalid stored values are ignored (the fallback is used) and never crash the page.
 */
export function persistedStore<T>(key: string, fallback: T, parse: Parse<T>): Store<T> {
  const existing = persisted.get(key);
  if (existing) return existing as Store<T>;
  const store = createStore(fallback);
  let loaded = false;
  const load = () => {
    if (loaded || typeof window === 'undefined') return;
    loaded = true;
    store.set(readStorage(key, fallback, parse));
    window.addEventListener('storage', (event) => {
      if (event.key === key) store.set(readStorage(key, fallback, parse));
    });
  };
  const wrapped: Store<T> = {
    initial: fallback,
    get() {
      load();
      return store.get();
    },
    set(next) {
      load();
      store.set(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(store.get()));
      } catch {
        // Storage full or blocked: the value still lives for this page.
      }
    },
    subscribe: store.subscribe,
  };
  persisted.set(key, wrapped as Store<unknown>);
  return wrapped;
}

/** Reads a store in a component; the server render and hydration see store.initial. */
export function useStore<T>(store: Store<T>): T {
  // At once, not as a transition (lib/hydration.ts): effects act on what a store holds (the bag opened from its
  // link prices the stored bag), and one that ran on the server's value would write it back over the shopper's.
  return useSyncExternalStore(store.subscribe, store.get, () => store.initial);
}

export function useStoreSetter<T>(store: Store<T>): Store<T>['set'] {
  return useCallback((next: T | ((previous: T) => T)) => store.set(next), [store]);
}
