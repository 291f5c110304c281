import { ACCOUNT_API } from '../../shared/account-area.ts';
import { accountAddressesSchema, accountOrdersSchema, accountWalletSchema } from '../../shared/api-schemas.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { userSchema } from '../../shared/user.ts';
import { AccountOverview } from '../features/account-area/account-overview.tsx';
import { loadApi } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-home';

/** The customer, their orders, addresses and wallet; a session that has ended goes to sign in and comes back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const options = { signedOutTo: loginPathFrom(new URL(request.url).pathname) };
  const [user, orders, addresses, wallet] = await Promise.all([
    loadApi(context, '/session-api/refresh-user', userSchema, options),
    loadApi(context, ACCOUNT_API.orders, accountOrdersSchema, options),
    loadApi(context, ACCOUNT_API.addresses, accountAddressesSchema, options),
    loadApi(context, ACCOUNT_API.wallet, accountWalletSchema, options),
  ]);
  return { user, orders, addresses, wallet };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.myAccount, noindex: true });
}

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  return <AccountOverview {...loaderData} />;
}
