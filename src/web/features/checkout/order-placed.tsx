import { useEffect } from 'react';
import { emptyCart } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { orderPagePath } from '../../../shared/order.ts';
import { purchaseEvent, type OrderPlaced } from '../../../shared/order-placed.ts';
import { track } from '../../lib/analytics/analytics.ts';
import { useCart } from '../../lib/cart/cart-store.ts';
import { endCheckoutAttempt, firstSightOfOrder, sessionStorageOrNull } from '../../lib/checkout/checkout-attempt.ts';
import { useShop } from '../../lib/use-shop.ts';
import { buttonStyles } from '../../ui/button.tsx';
import { SummaryLine } from '../../ui/summary-line.tsx';

/** The success page waits this long before the window goes to the order's page. */
export const ORDER_PAGE_AFTER_MS = 6000;

/**
 * /checkout-success/{id}/{hash}: the order's number, e-mail and summary. The first time it is seen it empties
 * the bag, ends the checkout attempt and sends the purchase event; then the window goes to the order's page
 * (spec 2.1), or at once through the link.
 */
export function OrderPlacedView({ order }: { order: OrderPlaced }) {
  const { brand } = useShop();
  const [, setCart] = useCart();
  const orderPage = orderPagePath(order.id, order.hash);

  useEffect(() => {
    const storage = sessionStorageOrNull();
    if (!firstSightOfOrder(storage, brand, order.id)) return;
    setCart(emptyCart());
    endCheckoutAttempt(storage, brand);
    track(purchaseEvent(order));
  }, [brand, order, setCart]);

  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(orderPage), ORDER_PAGE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [orderPage]);

  const { totals } = order;
  const rows: Array<[string, number]> = [
    [MESSAGES.subtotal, totals.subtotal],
    [MESSAGES.discount, -totals.discount],
    [MESSAGES.shipping, totals.shipping],
    [MESSAGES.salesTax, totals.tax],
    [MESSAGES.giftCards, -totals.gift_cards],
    [MESSAGES.storeCredit, -totals.store_credit],
  ];

  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pb-16 pt-8 md:pt-12">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-4xl">{MESSAGES.orderThanks}</h1>
      <div className="flex flex-col gap-1">
        <p className="text-lg font-bold">{MESSAGES.orderNumber(order.number)}</p>
        <p>{MESSAGES.orderConfirmationSent(order.email)}</p>
      </div>
      <p role="status" className="flex flex-wrap items-center gap-4 text-sm">
        {MESSAGES.takingYouToOrder}
        <a href={orderPage} className={buttonStyles('primary', 'inline-flex min-h-12 items-center px-6')}>
          {MESSAGES.seeOrderNow}
        </a>
      </p>
      <section aria-labelledby="order-summary" className="flex flex-col gap-3">
        <h2 id="order-summary" className="text-lg font-bold uppercase tracking-wider">
          {MESSAGES.orderSummary}
        </h2>
        <ul className="flex flex-col divide-y divide-line">
          {order.lines.map((line) => (
            <SummaryLine
              key={line.line_number}
              image={line.image}
              name={line.name}
              size={line.size}
              qty={line.qty}
              price={formatMoney(line.total)}
            />
          ))}
        </ul>
        <dl className="flex flex-col gap-1 text-sm">
          {rows
            .filter(([, amount]) => amount !== 0)
            .map(([label, amount]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt>{label}</dt>
                <dd className="tabular-nums">{amount < 0 ? `−${formatMoney(-amount)}` : formatMoney(amount)}</dd>
              </div>
            ))}
          <div className="flex justify-between gap-4 pt-2 text-base font-bold">
            <dt>{MESSAGES.total}</dt>
            <dd className="tabular-nums">{formatMoney(totals.total)}</dd>
          </div>
        </dl>
      </section>
    </main>
  );
}
