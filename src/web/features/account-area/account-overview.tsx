import { Link } from 'react-router';
import type { AccountAddress, AccountOrder, AccountWallet } from '../../../shared/account-area.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { User } from '../../../shared/user.ts';
import { AddressLines } from '../../ui/address-lines.tsx';
import { TotalsRow } from '../../ui/bag-totals-list.tsx';
import { buttonStyles } from '../../ui/button.tsx';
import { LocalTime } from '../../ui/local-time.tsx';
import { accountOverview, orderStatusName } from './account-area.ts';
import { NoOrdersYet } from './account-orders.tsx';
import { AccountPage, PANEL_HEADING, Panel } from './account-page.tsx';

function LatestOrder({ order }: { order: AccountOrder | null }) {
  if (!order) return <NoOrdersYet />;
  return (
    <>
      <div>
        <p className="font-display text-2xl font-black uppercase">{MESSAGES.orderNumber(order.number)}</p>
        <p className="text-sm text-ink-muted">
          <LocalTime at={order.created_at} format="day" words={MESSAGES.orderPlacedAt} /> ·{' '}
          {MESSAGES.itemCount(order.item_count)}
        </p>
      </div>
      <dl className="flex flex-col gap-2">
        <TotalsRow label={MESSAGES.orderStatus}>{orderStatusName(order.status)}</TotalsRow>
        <TotalsRow label={MESSAGES.total} strong>
          {formatMoney(order.total)}
        </TotalsRow>
      </dl>
      <Link
        to={order.url}
        className={buttonStyles('outline', 'inline-flex min-h-12 items-center justify-center self-start px-6')}
      >
        {MESSAGES.viewOrderNumber(order.number)}
      </Link>
    </>
  );
}

function DefaultAddresses({ shipping, billing }: { shipping: AccountAddress | null; billing: AccountAddress | null }) {
  if (!shipping && !billing) return <p>{MESSAGES.noDefaultAddress}</p>;
  return (
    <>
      {shipping && <AddressLines address={shipping} />}
      {billing && (
        <>
          <h3 className={`${PANEL_HEADING} mt-2`}>{MESSAGES.defaultBillingAddress}</h3>
          <AddressLines address={billing} />
        </>
      )}
    </>
  );
}

export interface AccountOverviewProps {
  user: User;
  orders: AccountOrder[];
  addresses: AccountAddress[];
  wallet: AccountWallet;
}

/** The account's home: a greeting, the latest order, the default addresses, the balances and the customer's details. */
export function AccountOverview({ user, orders, addresses, wallet }: AccountOverviewProps) {
  const overview = accountOverview(orders, addresses, wallet);
  return (
    <AccountPage title={MESSAGES.accountGreeting(user.first_name)} intro={MESSAGES.accountGreetingIntro}>
      <div className="grid gap-6 md:grid-cols-2">
        <Panel
          id="overview-latest-order"
          heading={MESSAGES.latestOrder}
          {...(overview.latestOrder ? { link: { to: PATHS.accountOrders, label: MESSAGES.seeAllOrders } } : {})}
        >
          <LatestOrder order={overview.latestOrder} />
        </Panel>
        <Panel
          id="overview-addresses"
          heading={overview.defaultShipping ? MESSAGES.defaultShippingAddress : MESSAGES.defaultBillingAddress}
          link={{ to: PATHS.accountAddresses, label: MESSAGES.manageAddresses }}
        >
          <DefaultAddresses
            shipping={overview.defaultShipping}
            billing={overview.defaultShipping ? overview.otherDefaultBilling : null}
          />
        </Panel>
        <Panel
          id="overview-balances"
          heading={MESSAGES.balances}
          link={{ to: PATHS.accountWallet, label: MESSAGES.openWallet }}
        >
          <dl className="flex flex-col gap-2">
            <TotalsRow label={MESSAGES.storeCredit}>{formatMoney(overview.storeCredit)}</TotalsRow>
            <TotalsRow label={`${MESSAGES.giftCards} (${MESSAGES.giftCardsTotal(overview.giftCardCount)})`}>
              {formatMoney(overview.giftCardBalance)}
            </TotalsRow>
          </dl>
        </Panel>
        <Panel
          id="overview-details"
          heading={MESSAGES.yourDetails}
          link={{ to: PATHS.accountInformation, label: MESSAGES.editInformation }}
        >
          <p className="text-sm leading-relaxed">
            {user.first_name} {user.last_name}
            <br />
            {user.username}
          </p>
        </Panel>
      </div>
    </AccountPage>
  );
}
