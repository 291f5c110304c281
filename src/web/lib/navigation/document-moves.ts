/**
 * Whether the shopper has moved inside the document since it loaded. What the server drew may skip work
 * the browser can do later (a grid's off-screen tiles, decision 026); what a move draws afresh is laid out in
 * full, so that coming Back restores the scroll position exactly (spec 2.2). A place is a path with its query:
 * a drawer opened by hash is not a move, as it leaves the page's contents as they are.
 */
import { useLocation } from 'react-router';

let documentPlace: string | null = null;
let moved = false;

/** The place a location shows: its path and query, without the hash. */
function placeOf({ pathname, search }: { pathname: string; search: string }): string {
  return `${pathname}${search}`;
}

/** Notes the place shown: the first is the document's, and any other is a move (Back to the first page too). */
function notePlace(place: string): void {
  if (documentPlace === null) documentPlace = place;
  else if (place !== documentPlace) moved = true;
}

/**
 * Follows the location from the root. A component of its own, so a move renders only it again, not the root
 * (which cost the account pages some 50 ms of blocking time on a phone).
 */
export function FollowDocumentMoves(): null {
  const location = useLocation();
  if (typeof window !== 'undefined') notePlace(placeOf(location));
  return null;
}

/**
 * Whether the caller's location is still the document's place, with no move since: true on the server. The
 * caller's own location is read, so the answer does not wait for the root to see a move.
 */
export function useIsDocumentView(): boolean {
  const location = useLocation();
  if (typeof window === 'undefined') return true;
  notePlace(placeOf(location));
  return !moved;
}
