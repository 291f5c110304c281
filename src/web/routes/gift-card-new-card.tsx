import { GiftCardNewCardStep } from '../features/gift-cards/gift-card-card-steps.tsx';

export default function GiftCardNewCard() {
  return <GiftCardNewCardStep />;
}
