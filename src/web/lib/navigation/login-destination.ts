import { PATHS } from '../../../shared/paths.ts';

/** The query that names where /login sends the shopper once signed in: the page the guard or checkout sent them from. */
export const REDIRECT_TO_PARAM = 'redirectTo';

/** /login with the page to come back to, for the account area's guard, checkout's and the gift card checkout's Sign in. */
export const loginPathFrom = (page: string): string =>
  `${PATHS.login}?${new URLSearchParams({ [REDIRECT_TO_PARAM]: page })}`;

/** The pages that send a shopper to sign in: a page of the account area, checkout, a gift card checkout step. */
const isReturnPage = (pathname: string) =>
  pathname.startsWith(`${PATHS.account}/`) ||
  pathname === PATHS.checkout ||
  pathname.startsWith(`${PATHS.giftCardsCheckout}/`);

/** Only a page that sends shoppers to sign in is a place to go back to: never another site, never anything else. */
function returnPage(redirectTo: string | null): string | null {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\'))
    return null;
  const url = new URL(redirectTo, 'https://shop.invalid');
  return url.origin === 'https://shop.invalid' && isReturnPage(url.pathname) ? `${url.pathname}${url.search}` : null;
}

/**
 * Where a shopper goes once signed in: back to checkout when they came from it (the attempted-checkout flag
 * of spec 2.2), else to the page the guard or checkout's link named, else the account's home.
 */
export function loginDestination({
  attemptedCheckout,
  redirectTo,
}: {
  attemptedCheckout: boolean;
  redirectTo: string | null;
}): string {
  if (attemptedCheckout) return PATHS.checkout;
  return returnPage(redirectTo) ?? PATHS.accountHome;
}
