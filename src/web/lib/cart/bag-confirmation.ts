import type { CartItem } from '../../../shared/cart.ts';
import { createStore, useStore } from '../store.ts';

/** The line an add to bag just put in the bag; each add counts afresh, even of the same line. */
export interface BagConfirmation {
  line: CartItem;
  added: number;
}

/** The latest add to bag, which the header confirms beside the bag icon (spec 4: for 3 seconds). */
export const bagConfirmationStore = createStore<BagConfirmation | null>(null);

let adds = 0;

export function confirmAdded(line: CartItem): void {
  adds += 1;
  bagConfirmationStore.set({ line, added: adds });
}

export const dismissBagConfirmation = () => bagConfirmationStore.set(null);

export const useBagConfirmation = (): BagConfirmation | null => useStore(bagConfirmationStore);
