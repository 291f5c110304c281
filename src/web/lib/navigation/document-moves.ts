/**
 * Whether the shopper has moved inside the document since it loaded. What the server drew may skip work
 * the browser can do later (a grid's off-screen tiles, decision 026); what a move draws afresh is laid out in
 * full, so that coming Back restores the scroll position exactly (spec 2.2).
 */
import { useLocation } from 'react-router';

let documentLocationKey: string | null = null;
let moved = false;

/** Follows the location from the root's render: it runs before any route a move draws. */
export function useFollowDocumentMoves(): void {
  const { key } = useLocation();
  if (typeof window === 'undefined') return;
  if (documentLocationKey === null) documentLocationKey = key;
  else if (key !== documentLocationKey) moved = true;
}

/** False on the server and while the page is the one the document loaded with. */
export const hasMovedInDocument = (): boolean => moved;
