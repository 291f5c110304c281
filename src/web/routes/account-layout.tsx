import { Outlet, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { PATHS } from '../../shared/paths.ts';
import type { User } from '../../shared/user.ts';
import type { Route } from './+types/account-layout';

/**
 * The account area requires a signed-in shopper: guests go to /login, checked on the server on first load
 * and on every navigation into the area.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const response = await context.api('/session-api/refresh-user');
  if (response.status === 401) throw redirect(PATHS.login);
  if (response.status !== 200) throw new Response(null, { status: 503 });
  return { user: (response.body as { data: User }).data };
}

/** Moving within the same route (its query or hash) does not check again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function AccountLayout() {
  return <Outlet />;
}
