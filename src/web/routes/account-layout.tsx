import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { PATHS } from '../../shared/paths.ts';
import { userSchema } from '../../shared/user.ts';
import { loadApi } from '../lib/load-api.server.ts';
import type { Route } from './+types/account-layout';

/**
 * The account area requires a signed-in shopper: guests go to /login, checked on the server on first load
 * and on every navigation into the area.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { user: await loadApi(context, '/session-api/refresh-user', userSchema, { signedOutTo: PATHS.login }) };
}

/** Moving within the same route (its query or hash) does not check again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function AccountLayout() {
  return <Outlet />;
}
