import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../shared/user.ts';
import { loginDestination, REDIRECT_TO_PARAM } from '../../lib/navigation/login-destination.ts';
import { attemptedCheckoutStore } from '../../lib/navigation/navigation-effects.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { browserSession } from '../../lib/session.ts';
import { useShop } from '../../lib/use-shop.ts';

/**
 * Once the server has signed the shopper in (a form's reply carries the user), the browser keeps the user, sends
 * the login event and identifies the customer; with goOn, the shopper is taken back where they were going, with
 * the notice as a message when there is one (a new password's).
 */
export function useSignedIn(user: User | undefined, { goOn, notice }: { goOn: boolean; notice?: string }): void {
  const { brand } = useShop();
  const { search } = useLocation();
  const navigate = useNavigate();
  // Each sign-in is kept and announced once, however often the effect runs again.
  const handled = useRef<User | null>(null);
  useEffect(() => {
    if (!user || handled.current === user) return;
    handled.current = user;
    browserSession(brand).signedIn(user);
    if (!goOn) return;
    if (notice) notify({ type: 'success', message: notice });
    const redirectTo = new URLSearchParams(search).get(REDIRECT_TO_PARAM);
    void navigate(loginDestination({ attemptedCheckout: attemptedCheckoutStore.get(), redirectTo }), { replace: true });
  }, [user, goOn, notice, brand, search, navigate]);
}
