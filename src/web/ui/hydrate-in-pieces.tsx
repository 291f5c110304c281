import { Suspense, type ReactElement } from 'react';

/** Product tiles hydrated together: whole rows at two and three tiles to a row; twelve held a phone's main thread past 50 ms (decision 026). */
export const TILES_PER_PIECE = 6;

/**
 * A long run of keyed items (a grid's tiles) that hydrates a few at a time. React hydrates a Suspense boundary
 * the server rendered whole after the part of the page around it, in a pass of its own, and a boundary inside
 * it in the pass after that: so each piece here is one render and one commit, with the browser free to paint
 * and answer between pieces, where sixty tiles in one piece held a phone's main thread for one long commit
 * and one long round of effects. Nothing suspends, so no fallback is ever shown; the boundaries leave only
 * comments in the HTML. Items keep their state while they stay in their piece: one that moves to another
 * piece (a new order) is drawn afresh there.
 */
export function HydrateInPieces({ items, per }: { items: readonly ReactElement[]; per: number }) {
  if (!items.length) return null;
  return (
    <Suspense>
      {items.slice(0, per)}
      <HydrateInPieces items={items.slice(per)} per={per} />
    </Suspense>
  );
}
