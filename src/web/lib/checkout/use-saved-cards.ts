import { useState } from 'react';
import type { SavedCard } from '../../../shared/account-area.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { userStore } from '../user-store.ts';

/** What the routes that pay load: the signed-in customer's saved cards, none for a guest. */
export interface SavedCardsData {
  savedCards: SavedCard[];
  /** Whether the session the page was loaded with is signed in. */
  signedIn: boolean;
}

/**
 * The client side of loading saved cards: a guest has none, so a move to a page that pays asks the server only
 * for a signed-in customer. The first page's cards come with the page.
 */
export async function loadSavedCardsOnClient(serverLoader: () => Promise<SavedCardsData>): Promise<SavedCardsData> {
  return isSignedIn(userStore().get()) ? serverLoader() : { savedCards: [], signedIn: false };
}

/**
 * The saved cards a page loaded (none unless the shopper is signed in) and the one chosen to pay with: the first
 * by default; null for a new card.
 */
export function useSavedCards(loaded: readonly SavedCard[], signedIn: boolean) {
  const cards = signedIn ? loaded : [];
  const [picked, choose] = useState<string | null | undefined>(undefined);
  const chosenId =
    picked !== undefined && (picked === null || cards.some((card) => card.id === picked))
      ? picked
      : (cards[0]?.id ?? null);
  return { cards, chosenId, choose };
}
