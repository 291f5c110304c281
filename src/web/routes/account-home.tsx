import { accountAddressesEndpoint, accountOrdersEndpoint, accountWalletEndpoint } from '../../shared/api/accounts.ts';
import { refreshUserEndpoint } from '../../shared/api/sessions.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { AccountOverview } from '../features/account-area/account-overview.tsx';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-home';

/** The customer, their orders, addresses and wallet; a session that has ended goes to sign in and comes back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const options = { signedOutTo: loginPathFrom(new URL(request.url).pathname) };
  const [user, orders, addresses, wallet] = await Promise.all([
    loadEndpoint(context, refreshUserEndpoint, {}, options),
    loadEndpoint(context, accountOrdersEndpoint, {}, options),
    loadEndpoint(context, accountAddressesEndpoint, {}, options),
    loadEndpoint(context, accountWalletEndpoint, {}, options),
  ]);
  return { user, orders, addresses, wallet };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.myAccount, noindex: true });
}

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  return <AccountOverview {...loaderData} />;
}
