import { MESSAGES } from '../../shared/messages.ts';
import { GiftCardSplash } from '../features/gift-cards/gift-card-splash.tsx';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/gift-cards';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.giftCardsTitle, description: MESSAGES.giftCardsHeroText });
}

export default function GiftCards() {
  return <GiftCardSplash />;
}
