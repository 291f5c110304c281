import { lazy, Suspense } from 'react';
import { searchOverlayStore } from '../../lib/search/search-overlay-store.ts';
import { useStore } from '../../lib/store.ts';
import { useOpenedSinceHydration } from '../../ui/browser.ts';

const loadSearchOverlaySheet = () => import('./search-overlay-sheet.tsx');
const SearchOverlaySheet = lazy(loadSearchOverlaySheet);

/** Fetches the overlay's code ahead of its first opening (the shopper's first touch or key). */
export const preloadSearchOverlay = () => void loadSearchOverlaySheet();

/**
 * The site search overlay (spec 2.4): a sheet from the top edge on Radix Dialog, opened and closed through
 * searchOverlayStore (the header's search icon toggles it). Focus starts in the text box and is trapped inside;
 * Escape, the close button, a result, 'View all' and submitting close it, and focus returns to the search icon.
 * Its code loads when it first opens.
 */
export function SearchOverlay() {
  const { shown, opened } = useOpenedSinceHydration(useStore(searchOverlayStore));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SearchOverlaySheet open={shown} />
    </Suspense>
  );
}
