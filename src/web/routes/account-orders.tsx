import { accountOrdersEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { AccountOrders } from '../features/account-area/account-orders.tsx';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-orders';

/** The customer's orders, newest first, each with the link to its page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedOutTo = loginPathFrom(new URL(request.url).pathname);
  return { orders: await loadEndpoint(context, accountOrdersEndpoint, {}, { signedOutTo }) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountSectionNames.orders, noindex: true });
}

export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  return <AccountOrders orders={loaderData.orders} />;
}
