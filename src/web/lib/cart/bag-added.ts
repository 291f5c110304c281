/**
 * The bag's added confirmation (spec 4 and 9): after an add, the bag shows it for BAG_CONFIRMATION_MS; another
 * add meanwhile starts the time again.
 */
import { BAG_CONFIRMATION_MS } from '../../../shared/constants.ts';
import { createStore, useStore } from '../store.ts';

export const bagAddedStore = createStore<boolean>(false);

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the confirmation for its 3 seconds, counted from this add. */
export function showBagAdded(): void {
  clearTimeout(hideTimer);
  bagAddedStore.set(true);
  hideTimer = setTimeout(() => bagAddedStore.set(false), BAG_CONFIRMATION_MS);
}

export const useBagAdded = (): boolean => useStore(bagAddedStore);
