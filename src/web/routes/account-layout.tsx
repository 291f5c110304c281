import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { userSchema } from '../../shared/user.ts';
import { loadApi } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import type { Route } from './+types/account-layout';

/**
 * The account area requires a signed-in shopper: guests go to /login, which brings them back to the page
 * they asked for once signed in; checked on the server on first load and on every navigation into the area.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedOutTo = loginPathFrom(new URL(request.url).pathname);
  return { user: await loadApi(context, '/session-api/refresh-user', userSchema, { signedOutTo }) };
}

/** Moving within the same route (its query or hash) does not check again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function AccountLayout() {
  return <Outlet />;
}
