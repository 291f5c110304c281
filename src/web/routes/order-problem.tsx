import { useLocation } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { FAILED_CANCELLATION_PATH } from '../../shared/order.ts';
import { OrderProblem } from '../features/orders/order-problem.tsx';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/order-problem';

/** What the page says: a cancellation too late, or an address change after the order shipped. */
function problemOf(pathname: string) {
  return pathname.replace(/\/$/, '') === FAILED_CANCELLATION_PATH
    ? { heading: MESSAGES.failedCancellationHeading, reason: MESSAGES.failedCancellationText }
    : { heading: MESSAGES.failedAddressChangeHeading, reason: MESSAGES.failedAddressChangeText };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, title: problemOf(location.pathname).heading, noindex: true });
}

/** /order/failed-cancellation and /order/failed-address-change: why the change could not be made, and who can help. */
export default function OrderProblemPage() {
  const { pathname } = useLocation();
  return <OrderProblem {...problemOf(pathname)} />;
}
