import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { ACCOUNT_API } from '../../../shared/account-area.ts';
import { shopApi } from '../api/use-api.ts';
import { useShop } from '../use-shop.ts';

const walletCardsSchema = z.lazy(() =>
  z.object({
    data: z.object({
      cards: z.array(z.object({ id: z.string(), brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() })),
    }),
  }),
);

export type SavedCard = z.output<typeof walletCardsSchema>['data']['cards'][number];

/**
 * A signed-in customer's saved cards, from the account's wallet, and the one chosen to pay with (the first
 * by default; null for a new card). A guest, or a wallet that cannot be read, has none.
 */
export function useSavedCards(signedIn: boolean) {
  const { brand } = useShop();
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [chosenId, choose] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) {
      setCards([]);
      choose(null);
      return;
    }
    let current = true;
    shopApi(brand)
      .get<unknown>(ACCOUNT_API.wallet, { suppressNotification: true })
      .then((answer) => {
        const wallet = walletCardsSchema.safeParse(answer);
        if (!current || !wallet.success) return;
        setCards(wallet.data.data.cards);
        choose(wallet.data.data.cards[0]?.id ?? null);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [brand, signedIn]);
  return { cards, chosenId, choose };
}
