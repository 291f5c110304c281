import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { OrderLineView, OrderView as Order } from '../../../shared/order.ts';
import { refundLabel } from '../../../shared/refund-label.ts';
import { cardBrandName } from '../../../shared/payment-card.ts';
import { AddressLines } from '../../ui/address-lines.tsx';
import { TotalsRow } from '../../ui/bag-totals-list.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { LocalTime } from '../../ui/local-time.tsx';
import { timelineEntries } from './order-history.ts';

const sectionHeading = 'text-xs font-bold uppercase tracking-widest';

function OrderLine({ line }: { line: OrderLineView }) {
  const picture = (
    <div className="aspect-[4/5] w-20 shrink-0 overflow-hidden bg-surface-muted md:w-24">
      {line.image && (
        <ResponsiveImage image={line.image} alt="" sizes="6rem" maxWidth={200} className="h-full w-full object-cover" />
      )}
    </div>
  );
  return (
    <li className="flex gap-4 py-5">
      {line.url ? (
        <Link to={line.url} tabIndex={-1} aria-hidden="true" className="self-start">
          {picture}
        </Link>
      ) : (
        picture
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {line.url ? (
          <Link to={line.url} className="font-semibold leading-snug hover:underline">
            {line.name}
          </Link>
        ) : (
          <p className="font-semibold leading-snug">{line.name}</p>
        )}
        <p className="text-sm text-ink-muted">
          {MESSAGES.size} {line.size} · {MESSAGES.qty} {line.qty} · {formatMoney(line.item_price)} {MESSAGES.each}
        </p>
        {line.discount_amount > 0 && (
          <p className="text-sm text-success">
            {MESSAGES.discount} −{formatMoney(line.discount_amount)}
          </p>
        )}
      </div>
      <p className="font-semibold tabular-nums">{formatMoney(line.total)}</p>
    </li>
  );
}

function OrderTotals({ order }: { order: Order }) {
  const { totals } = order;
  return (
    <dl className="flex flex-col gap-2">
      <TotalsRow label={MESSAGES.subtotal}>{formatMoney(totals.subtotal)}</TotalsRow>
      {totals.discount > 0 && <TotalsRow label={MESSAGES.discount}>−{formatMoney(totals.discount)}</TotalsRow>}
      <TotalsRow label={MESSAGES.shippingBy(order.ship_method.name)}>
        {totals.shipping > 0 ? formatMoney(totals.shipping) : MESSAGES.free}
      </TotalsRow>
      {totals.tax > 0 && <TotalsRow label={MESSAGES.salesTax}>{formatMoney(totals.tax)}</TotalsRow>}
      <TotalsRow label={MESSAGES.total} strong>
        {formatMoney(totals.total)}
      </TotalsRow>
      {totals.refunded > 0 && <TotalsRow label={MESSAGES.refunded}>−{formatMoney(totals.refunded)}</TotalsRow>}
    </dl>
  );
}

function Payments({ order }: { order: Order }) {
  const { totals } = order;
  return (
    <dl className="flex flex-col gap-2">
      {order.payment && totals.card > 0 && (
        <TotalsRow label={MESSAGES.cardReady(cardBrandName(order.payment.brand), order.payment.last4)}>
          {formatMoney(totals.card)}
        </TotalsRow>
      )}
      {order.gift_cards.map((card) => (
        <TotalsRow key={card.last4} label={MESSAGES.giftCardEnding(card.last4)}>
          {formatMoney(card.amount)}
        </TotalsRow>
      ))}
      {totals.store_credit > 0 && (
        <TotalsRow label={MESSAGES.storeCredit}>{formatMoney(totals.store_credit)}</TotalsRow>
      )}
      {order.refunds.map((refund, index) => (
        <TotalsRow key={index} label={refundLabel(order, refund)}>
          −{formatMoney(refund.amount)}
        </TotalsRow>
      ))}
    </dl>
  );
}

function OrderTimeline({ order }: { order: Order }) {
  return (
    <ol className="flex flex-col gap-4 border-l-2 border-line pl-5">
      {timelineEntries(order.history).map((entry, index) => (
        <li key={index} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.6rem] top-1.5 size-2.5 rounded-full bg-ink" />
          <p className="font-semibold">{entry.label}</p>
          <p className="text-sm text-ink-muted">
            <LocalTime at={entry.at} format="moment" />
          </p>
          {entry.trackingUrl && (
            <a
              href={entry.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block text-sm underline underline-offset-4"
            >
              {MESSAGES.trackPackage}
              <span className="sr-only">{MESSAGES.opensInNewTab}</span>
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}

export interface OrderViewProps {
  order: Order;
  /** What the shopper may still do (change the address, cancel), shown beside the status. */
  actions: ReactNode;
  /** The outcome of what the shopper just did (an address saved, the order cancelled). */
  notice: ReactNode;
}

/** The order page's body: its status and history, the lines with pictures, totals, addresses and payment. */
export function OrderView({ order, actions, notice }: OrderViewProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 pb-16 pt-6 md:px-8 md:pt-10">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">
        {MESSAGES.orderNumber(order.number)}
      </h1>
      {/* The time ends its line: its box is sized for the widest words, which would leave a gap before more text. */}
      <p className="mt-2 text-sm text-ink-muted">
        <LocalTime at={order.created_at} format="moment" words={MESSAGES.orderPlacedAt} />
      </p>
      <p className="text-sm text-ink-muted">{order.email}</p>
      {notice}
      <div className="mt-8 grid gap-10 md:grid-cols-[minmax(0,1fr)_20rem]">
        <aside className="flex flex-col gap-8 md:col-start-2 md:row-start-1">
          <section aria-labelledby="order-status" className="border border-line p-5">
            <h2 id="order-status" className={sectionHeading}>
              {MESSAGES.orderStatus}
            </h2>
            <p className="mt-2 font-display text-2xl font-black uppercase">{MESSAGES.orderStatusNames[order.status]}</p>
            {actions}
          </section>
          <section aria-labelledby="order-history">
            <h2 id="order-history" className={`${sectionHeading} mb-4`}>
              {MESSAGES.orderHistory}
            </h2>
            <OrderTimeline order={order} />
          </section>
        </aside>
        <div className="flex flex-col gap-10 md:col-start-1 md:row-start-1">
          <section aria-labelledby="order-items">
            <h2 id="order-items" className={`${sectionHeading} border-b border-line pb-2`}>
              {MESSAGES.orderItems}
            </h2>
            <ul className="divide-y divide-line">
              {order.lines.map((line) => (
                <OrderLine key={line.line_number} line={line} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="order-summary">
            <h2 id="order-summary" className={`${sectionHeading} mb-4`}>
              {MESSAGES.orderSummary}
            </h2>
            <OrderTotals order={order} />
          </section>
          <div className="grid gap-8 sm:grid-cols-3">
            <section aria-labelledby="order-shipping-address">
              <h2 id="order-shipping-address" className={`${sectionHeading} mb-3`}>
                {MESSAGES.shippingAddress}
              </h2>
              <AddressLines address={order.shipping_address} />
            </section>
            <section aria-labelledby="order-billing-address">
              <h2 id="order-billing-address" className={`${sectionHeading} mb-3`}>
                {MESSAGES.billingAddress}
              </h2>
              <AddressLines address={order.billing_address} />
            </section>
            <section aria-labelledby="order-payment">
              <h2 id="order-payment" className={`${sectionHeading} mb-3`}>
                {MESSAGES.payment}
              </h2>
              <Payments order={order} />
            </section>
          </div>
        </div>
      </div>
    </main>
  );
}
