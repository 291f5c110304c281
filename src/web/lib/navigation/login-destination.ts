import { PATHS } from '../../../shared/paths.ts';

/** The query the account area's guard (and the gift card checkout) adds to /login: the page to go back to. */
export const REDIRECT_TO_PARAM = 'redirectTo';

/** /login with the page the shopper was going to (an account-area page, a gift card checkout step). */
export const loginPathFrom = (accountPage: string): string => `${PATHS.login}?${new URLSearchParams({ [REDIRECT_TO_PARAM]: accountPage })}`;

/** The areas a sign-in goes back into: the account area, and the gift card checkout's steps. */
const RETURN_AREAS = [`${PATHS.account}/`, `${PATHS.giftCardsCheckout}/`];

/** Only a page of those areas is a place to go back to: never another site, never anything else. */
function accountPage(redirectTo: string | null): string | null {
  if (!redirectTo || !RETURN_AREAS.some((area) => redirectTo.startsWith(area))) return null;
  const url = new URL(redirectTo, 'https://shop.invalid');
  return url.origin === 'https://shop.invalid' && RETURN_AREAS.some((area) => url.pathname.startsWith(area)) ? `${url.pathname}${url.search}` : null;
}

/**
 * Where a shopper goes once signed in: back to checkout when they came from it (the attempted-checkout flag
 * of spec 2.2), else to the account-area page the guard sent them from, else the account's home.
 */
export function loginDestination({ attemptedCheckout, redirectTo }: { attemptedCheckout: boolean; redirectTo: string | null }): string {
  if (attemptedCheckout) return PATHS.checkout;
  return accountPage(redirectTo) ?? PATHS.accountHome;
}
