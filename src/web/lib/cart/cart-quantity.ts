import { createStore, useStore } from '../store.ts';

/** The bag's total item quantity; the cart sets it whenever its lines change (0 until the cart loads). */
export const cartQuantityStore = createStore<number>(0);

export const useCartQuantity = (): number => useStore(cartQuantityStore);
