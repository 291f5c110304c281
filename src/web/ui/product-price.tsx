import { MESSAGES } from '../../shared/messages.ts';
import { formatMoney } from '../../shared/money.ts';
import { isOnSale, type ProductDocument } from '../../shared/product.ts';

/** The price as every product view shows it: the sale price with the original struck through, or Sold Out. */
export function ProductPrice({ product }: { product: Pick<ProductDocument, 'price' | 'sale_price' | 'is_in_stock'> }) {
  if (!product.is_in_stock) return <span className="font-semibold uppercase text-ink-muted">{MESSAGES.soldOut}</span>;
  if (isOnSale(product) && product.sale_price !== null) {
    return (
      <span className="flex gap-2">
        <span className="font-semibold text-sale">{formatMoney(product.sale_price)}</span>
        <s className="relative text-ink-muted">
          <span className="sr-only">{MESSAGES.wasPrice}</span>
          {formatMoney(product.price)}
        </s>
      </span>
    );
  }
  return <span className="font-semibold">{formatMoney(product.price)}</span>;
}
