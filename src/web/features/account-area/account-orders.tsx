import { Link } from 'react-router';
import type { AccountOrder } from '../../../shared/account-area.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import { buttonStyles } from '../../ui/button.tsx';
import { LocalTime } from '../../ui/local-time.tsx';
import { orderStatusName } from './account-area.ts';
import { AccountPage } from './account-page.tsx';

/** One order of the history: the whole row opens its page, the order's number naming the link. */
function OrderRow({ order }: { order: AccountOrder }) {
  return (
    <li className="relative flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border border-line p-5 transition-colors hover:border-ink">
      <div className="flex flex-col gap-1">
        <Link
          to={order.url}
          className="font-display text-xl font-black uppercase after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:outline-offset-2"
        >
          {MESSAGES.orderNumber(order.number)}
        </Link>
        <p className="text-sm text-ink-muted">
          <LocalTime at={order.created_at} format="day" words={MESSAGES.orderPlacedAt} /> ·{' '}
          {MESSAGES.itemCount(order.item_count)}
        </p>
      </div>
      <div className="flex items-center gap-6">
        <span className="border border-line px-3 py-1 text-xs font-bold uppercase tracking-widest">
          {orderStatusName(order.status)}
        </span>
        <span className="font-semibold tabular-nums">{formatMoney(order.total)}</span>
      </div>
    </li>
  );
}

/** What a customer who has not ordered yet sees where their orders would be. */
export function NoOrdersYet() {
  return (
    <div className="flex flex-col items-start gap-4">
      <p>{MESSAGES.noOrdersYet}</p>
      <Link
        to={PATHS.shop}
        className={buttonStyles('primary', 'inline-flex min-h-12 items-center justify-center px-6')}
      >
        {MESSAGES.startShopping}
      </Link>
    </div>
  );
}

/** The customer's orders, newest first (as the API lists them), each opening its order page. */
export function AccountOrders({ orders }: { orders: AccountOrder[] }) {
  return (
    <AccountPage title={MESSAGES.accountSectionNames.orders}>
      {orders.length === 0 ? (
        <NoOrdersYet />
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
