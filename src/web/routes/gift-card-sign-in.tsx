import { GiftCardSignInStep } from '../features/gift-cards/gift-card-sign-in-step.tsx';

export default function GiftCardSignIn() {
  return <GiftCardSignInStep />;
}
