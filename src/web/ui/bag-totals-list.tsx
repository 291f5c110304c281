import type { ReactNode } from 'react';
import type { Cart } from '../../shared/cart.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { formatMoney, fromCents } from '../../shared/money.ts';
import { bagTotals } from '../lib/cart/bag-totals.ts';

/** One row of a totals list (a <dl>): its label and amount; strong for the last, what is due. */
export function TotalsRow({
  label,
  children,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'pt-2 text-base font-bold' : 'text-sm'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

export interface BagTotalsListProps {
  cart: Cart;
  /** The server is pricing the bag, or has not priced it yet: the rows are faded and marked busy. */
  busy: boolean;
  /** Muted until the server has priced the bag (a colour that keeps its contrast, not a fade that loses it). */
  faded?: boolean;
  /** The last row's label: Total in the bag, Balance due at checkout. */
  totalLabel: string;
}

/** The priced bag's totals: subtotal, discount, shipping, sales tax, gift cards, store credit and what is due. */
export function BagTotalsList({ cart, busy, faded = false, totalLabel }: BagTotalsListProps) {
  const rows = bagTotals(cart);
  const money = (cents: number) => formatMoney(fromCents(cents));
  return (
    <dl aria-busy={busy} className={`flex flex-col gap-1 ${faded ? 'text-ink-muted' : ''}`}>
      <TotalsRow label={MESSAGES.subtotal}>{money(rows.subtotal)}</TotalsRow>
      {rows.discount > 0 && <TotalsRow label={MESSAGES.discount}>−{money(rows.discount)}</TotalsRow>}
      {rows.shipping && (
        <TotalsRow label={MESSAGES.shipping}>
          {rows.shipping.cents === 0 ? MESSAGES.free : money(rows.shipping.cents)}
        </TotalsRow>
      )}
      {rows.tax > 0 && <TotalsRow label={MESSAGES.salesTax}>{money(rows.tax)}</TotalsRow>}
      {rows.giftCards > 0 && <TotalsRow label={MESSAGES.giftCards}>−{money(rows.giftCards)}</TotalsRow>}
      {rows.storeCredit > 0 && <TotalsRow label={MESSAGES.storeCredit}>−{money(rows.storeCredit)}</TotalsRow>}
      <TotalsRow label={totalLabel} strong>
        {money(rows.balanceDue)}
      </TotalsRow>
    </dl>
  );
}
