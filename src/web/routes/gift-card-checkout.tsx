import { Outlet } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { GiftCardCheckoutLayout } from '../features/gift-cards/gift-card-checkout-layout.tsx';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/gift-card-checkout';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.giftCardCheckoutTitle, noindex: true });
}

/** /giftcards/checkout and its steps (spec 2.1): details, login, payment, card and card/new. */
export default function GiftCardCheckout() {
  return (
    <GiftCardCheckoutLayout>
      <Outlet />
    </GiftCardCheckoutLayout>
  );
}
