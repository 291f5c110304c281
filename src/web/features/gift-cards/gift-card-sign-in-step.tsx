import { Link, Navigate } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import { useGiftCardDraft } from '../../lib/gift-card-draft.ts';
import { loginPathFrom } from '../../lib/navigation/login-destination.ts';
import { useUser } from '../../lib/user-store.ts';
import { useHydrated } from '../../ui/browser.ts';
import { buttonStyles } from '../../ui/button.tsx';

/**
 * /giftcards/checkout/login: sign in (and come back to payment), or go on as a guest. The same for every buyer,
 * so the server draws it; once the app has started, a signed-in buyer goes straight on, and one with no card
 * chosen back to the details.
 */
export function GiftCardSignInStep() {
  const [draft] = useGiftCardDraft();
  const signedIn = isSignedIn(useUser());
  const hydrated = useHydrated();
  if (hydrated && draft.saleAmount === null) return <Navigate to={PATHS.giftCardsCheckout} replace />;
  if (hydrated && signedIn) return <Navigate to={PATHS.giftCardsPayment} replace />;
  return (
    <section aria-labelledby="gift-card-sign-in" className="flex flex-col items-start gap-4">
      <h2 id="gift-card-sign-in" className="text-lg font-bold uppercase tracking-wider">
        {MESSAGES.giftCardSignInHeading}
      </h2>
      <p className="max-w-prose text-ink-muted">{MESSAGES.giftCardSignInText}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link
          to={loginPathFrom(PATHS.giftCardsPayment)}
          className={buttonStyles('primary', 'inline-flex min-h-12 items-center justify-center px-10')}
        >
          {MESSAGES.signIn}
        </Link>
        <Link
          to={PATHS.giftCardsPayment}
          className={buttonStyles('outline', 'inline-flex min-h-12 items-center justify-center px-10')}
        >
          {MESSAGES.continueAsGuest}
        </Link>
      </div>
    </section>
  );
}
