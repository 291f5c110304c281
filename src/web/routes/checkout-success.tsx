import { orderPlacedSchema } from '../../shared/api-schemas.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { orderApiPath } from '../../shared/order.ts';
import { OrderPlacedView } from '../features/checkout/order-placed.tsx';
import { loadApi } from '../lib/load-api.server.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/checkout-success';

/** The order just placed, read through its link; a wrong link is the not-found page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return {
    order: await loadApi(context, orderApiPath(params.id, params.hash), orderPlacedSchema, { notFound: [400, 404] }),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.orderThanks, noindex: true });
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  return <OrderPlacedView order={loaderData.order} />;
}
