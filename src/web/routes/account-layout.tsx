import { Outlet, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { PATHS } from '../../shared/paths.ts';
import { userSchema } from '../../shared/user.ts';
import { loadApi } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { browserSession } from '../lib/session.ts';
import { useShop } from '../lib/use-shop.ts';
import { Button } from '../ui/button.tsx';
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

/** Signs out on the server and in the browser, then goes to the home page; a failure is said by the API client. */
function SignOutButton() {
  const { brand } = useShop();
  const navigate = useNavigate();
  const signOut = () =>
    browserSession(brand)
      .signOut()
      .then(() => navigate(PATHS.home))
      .catch(() => undefined);
  return (
    <Button variant="outline" size="sm" className="px-6 py-3" onClick={() => void signOut()}>
      {MESSAGES.signOut}
    </Button>
  );
}

export default function AccountLayout() {
  return (
    <>
      <Outlet />
      <div className="mx-auto flex w-full max-w-5xl justify-end px-4 pb-12">
        <SignOutButton />
      </div>
    </>
  );
}
