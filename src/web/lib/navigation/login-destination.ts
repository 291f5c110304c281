import { PATHS } from '../../../shared/paths.ts';

/** The query the account area's guard adds to /login: the page of the area the shopper was sent from. */
export const REDIRECT_TO_PARAM = 'redirectTo';

/** /login with the account-area page the shopper was going to, for the guard to send a guest to. */
export const loginPathFrom = (accountPage: string): string => `${PATHS.login}?${new URLSearchParams({ [REDIRECT_TO_PARAM]: accountPage })}`;

/** Only a page of the account area is a place to go back to: never another site, never anything else. */
function accountPage(redirectTo: string | null): string | null {
  if (!redirectTo || !redirectTo.startsWith(`${PATHS.account}/`)) return null;
  const url = new URL(redirectTo, 'https://shop.invalid');
  return url.origin === 'https://shop.invalid' && url.pathname.startsWith(`${PATHS.account}/`) ? `${url.pathname}${url.search}` : null;
}

/**
 * Where a shopper goes once signed in: back to checkout when they came from it (the attempted-checkout flag
 * of spec 2.2), else to the account-area page the guard sent them from, else the account's home.
 */
export function loginDestination({ attemptedCheckout, redirectTo }: { attemptedCheckout: boolean; redirectTo: string | null }): string {
  if (attemptedCheckout) return PATHS.checkout;
  return accountPage(redirectTo) ?? PATHS.accountHome;
}
