import { accountWalletEndpoint } from '../../../shared/api/accounts.ts';
import type { ServerApi } from '../../../shared/load-context.ts';
import { loadOptionalEndpoint } from '../load-api.server.ts';
import type { SavedCardsData } from './use-saved-cards.ts';

/**
 * A page that pays loads the signed-in customer's saved cards with itself, so they are there when it is drawn
 * and nothing moves as they arrive; a guest (the wallet answers 401), or a wallet that cannot be read, has none
 * and is taken for a guest.
 */
export async function loadSavedCards(context: { api: ServerApi }): Promise<SavedCardsData> {
  const wallet = await loadOptionalEndpoint(context, accountWalletEndpoint, {});
  return { savedCards: wallet?.cards ?? [], signedIn: wallet !== null };
}
