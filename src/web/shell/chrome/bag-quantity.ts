import { createStore, useStore } from '../../state/store.ts';

/** The bag's total item quantity; the cart sets it whenever its lines change (0 until the cart loads). */
export const bagQuantityStore = createStore<number>(0);

export const useBagQuantity = (): number => useStore(bagQuantityStore);
