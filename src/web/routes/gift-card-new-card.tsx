import { GiftCardNewCardStep } from '../features/gift-cards/gift-card-card-steps.tsx';
import { AfterStart } from '../ui/after-start.tsx';

export default function GiftCardNewCard() {
  return (
    <AfterStart>
      <GiftCardNewCardStep />
    </AfterStart>
  );
}
