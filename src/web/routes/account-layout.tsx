import { Outlet, useNavigate } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { PATHS } from '../../shared/paths.ts';
import { refreshUserEndpoint } from '../../shared/api/sessions.ts';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { AccountNav } from '../features/account-area/account-nav.tsx';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { revalidateAfterForms } from '../lib/navigation/revalidation.ts';
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
  return { user: await loadEndpoint(context, refreshUserEndpoint, {}, { signedOutTo }) };
}

/** Moving within the same route (its query or hash) does not check again; a form posted in the area does. */
export const shouldRevalidate = revalidateAfterForms;

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
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-6 md:px-8 md:pt-10 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-12">
      <div className="mb-8 lg:mb-0 lg:pt-1">
        <p className="mb-3 text-xs font-bold uppercase tracking-widest text-ink-muted">{MESSAGES.myAccount}</p>
        <AccountNav />
      </div>
      <div className="min-w-0">
        <Outlet />
        <div className="mt-12 border-t border-line pt-6">
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
