import { createStore } from '../store.ts';

/** Whether the search overlay is open: the header's search icon toggles it, the overlay closes itself. */
export const searchOverlayStore = createStore<boolean>(false);

/** The id the search overlay's dialog carries, so the header's search icon can point at it (aria-controls). */
export const SEARCH_OVERLAY_ID = 'search-overlay';
