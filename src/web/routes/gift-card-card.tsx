import { GiftCardCardStep } from '../features/gift-cards/gift-card-card-steps.tsx';

export default function GiftCardCard() {
  return <GiftCardCardStep />;
}
