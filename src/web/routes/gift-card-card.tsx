import { GiftCardCardStep } from '../features/gift-cards/gift-card-card-steps.tsx';
import { loadSavedCards } from '../lib/checkout/saved-cards.server.ts';
import { loadSavedCardsOnClient } from '../lib/checkout/use-saved-cards.ts';
import { AfterStart } from '../ui/after-start.tsx';
import type { Route } from './+types/gift-card-card';

/** The signed-in customer's saved cards, with the page. */
export const loader = ({ context }: Route.LoaderArgs) => loadSavedCards(context);

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadSavedCardsOnClient(serverLoader);

export default function GiftCardCard({ loaderData }: Route.ComponentProps) {
  return (
    <AfterStart>
      <GiftCardCardStep savedCards={loaderData.savedCards} />
    </AfterStart>
  );
}
