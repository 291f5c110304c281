import { Link } from 'react-router';
import { describeLine, type CartItem } from '../../../shared/cart.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney, fromCents, toCents as cents } from '../../../shared/money.ts';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';

export interface BagLineProps {
  item: CartItem;
  /** The unit a promo added free to this line. */
  isGift: boolean;
  onQuantity: (qty: number) => void;
  onFollow: () => void;
}

/** One line of the bag: name, size, price after its discount, quantity and removal; sold-out lines say so. */
export function BagLine({ item, isGift, onQuantity, onFollow }: BagLineProps) {
  const soldOut = item.maxQty === 0;
  const lineCents = cents(item.item_price) * item.qty;
  const discountCents = cents(item.discount_amount);
  const quantityId = `bag-qty-${item.line_number}`;
  return (
    <li className="flex gap-4 py-5">
      <Link
        to={item.url}
        onClick={onFollow}
        tabIndex={-1}
        aria-hidden="true"
        className="aspect-[4/5] w-20 shrink-0 self-start overflow-hidden bg-surface-muted md:w-24"
      >
        {item.image && (
          <ResponsiveImage
            image={item.image}
            alt=""
            sizes="6rem"
            maxWidth={200}
            className={`h-full w-full object-cover ${soldOut ? 'opacity-50' : ''}`}
          />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={item.url} onClick={onFollow} className="font-semibold leading-snug hover:underline">
          {item.dim_name}
        </Link>
        <p className="text-sm text-ink-muted">
          {MESSAGES.size} {item.dim_size}
          {item.qty > 1 && ` · ${formatMoney(item.item_price)} ${MESSAGES.each}`}
        </p>
        {isGift && <p className="text-xs font-bold uppercase tracking-wider text-success">{MESSAGES.freeGift}</p>}
        {soldOut && <p className="text-xs font-bold uppercase tracking-wider text-danger">{MESSAGES.soldOut}</p>}
        <div className="mt-2 flex items-center gap-4">
          <label className="flex items-center gap-2 text-sm" htmlFor={quantityId}>
            <span aria-hidden="true">{MESSAGES.qty}</span>
            <select
              id={quantityId}
              aria-label={MESSAGES.quantityOf(describeLine(item))}
              value={item.qty}
              disabled={soldOut}
              onChange={(event) => onQuantity(Number(event.target.value))}
              className="min-h-9 border border-line bg-surface px-2 py-1 disabled:opacity-50"
            >
              {Array.from({ length: Math.max(item.maxQty, item.qty) }, (_, i) => i + 1).map((qty) => (
                <option key={qty} value={qty}>
                  {qty}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            onClick={() => onQuantity(0)}
            aria-label={MESSAGES.removeLine(describeLine(item))}
            className="min-h-9 text-sm underline underline-offset-4 hover:text-ink-muted"
          >
            {MESSAGES.remove}
          </button>
        </div>
      </div>
      <p className="shrink-0 text-right text-sm">
        {discountCents > 0 ? (
          <>
            <span className="block text-ink-muted line-through">{formatMoney(fromCents(lineCents))}</span>
            <span className="block font-semibold text-sale">
              {lineCents === discountCents ? MESSAGES.free : formatMoney(fromCents(lineCents - discountCents))}
            </span>
          </>
        ) : (
          <span className="font-semibold">{formatMoney(fromCents(lineCents))}</span>
        )}
      </p>
    </li>
  );
}
