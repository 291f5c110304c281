import type { Cart } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney, fromCents, toCents } from '../../../shared/money.ts';
import { BagTotalsList } from '../../ui/bag-totals-list.tsx';
import { SummaryLine } from '../../ui/summary-line.tsx';

/** The bag as the server priced it: each line with its picture, then the totals down to the balance due. */
export function CheckoutSummary({ cart, busy }: { cart: Cart; busy: boolean }) {
  return (
    <section aria-labelledby="checkout-summary" className="flex flex-col gap-4">
      <h2 id="checkout-summary" className="text-lg font-bold uppercase tracking-wider">
        {MESSAGES.orderSummary}
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {cart.items.map((item) => {
          const lineCents = toCents(item.item_price) * item.qty - toCents(item.discount_amount);
          const price = lineCents === 0 ? MESSAGES.free : formatMoney(fromCents(lineCents));
          return (
            <SummaryLine
              key={item.line_number}
              image={item.image}
              name={item.dim_name}
              size={item.dim_size}
              qty={item.qty}
              price={price}
            />
          );
        })}
      </ul>
      <BagTotalsList cart={cart} busy={busy} totalLabel={MESSAGES.balanceDue} />
    </section>
  );
}
