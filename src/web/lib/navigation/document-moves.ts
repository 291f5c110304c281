/**
 * Whether the shopper has moved inside the document since it loaded. What the server drew may skip work
 * the browser can do later (a grid's off-screen tiles, decision 026); what a move draws afresh is laid out in
 * full, so that coming Back restores the scroll position exactly (spec 2.2).
 */
import { useLocation } from 'react-router';

let documentLocationKey: string | null = null;
let moved = false;

/**
 * Follows the location from the root: keeps the key the document loaded with, and notes a move while other
 * pages show (Back to the first page is a move too). A component of its own, so a move renders only it again,
 * not the root (which cost the account pages some 50 ms of blocking time on a phone).
 */
export function FollowDocumentMoves(): null {
  const { key } = useLocation();
  if (typeof window === 'undefined') return null;
  if (documentLocationKey === null) documentLocationKey = key;
  else if (key !== documentLocationKey) moved = true;
  return null;
}

/**
 * Whether the location with this key is still the one the document loaded with, with no move since: true on
 * the server. A caller passes its own location's key, so the answer does not wait for the root to see a move.
 */
export function isDocumentView(key: string): boolean {
  if (typeof window === 'undefined') return true;
  if (documentLocationKey !== null && key !== documentLocationKey) moved = true;
  return !moved;
}
