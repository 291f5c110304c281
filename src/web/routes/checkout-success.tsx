import { orderViewEndpoint } from '../../shared/api/orders.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { orderPlaced } from '../../shared/order-placed.ts';
import { OrderPlacedView } from '../features/checkout/order-placed.tsx';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/checkout-success';

/** The order just placed, read through its link; a wrong link is the not-found page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadEndpoint(context, orderViewEndpoint, { params }, { notFound: [400, 404] });
  return { order: orderPlaced(order) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.orderThanks, noindex: true });
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  return <OrderPlacedView order={loaderData.order} />;
}
