import { Link } from 'react-router';
import { badgeTextClass } from '../../../shared/badge.ts';
import { LOW_STOCK_BELOW } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { formatMoney } from '../../../shared/money.ts';
import { isOnSale, type ProductDocument } from '../../../shared/product.ts';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';

const TILE_SIZES = '(min-width: 75rem) 25vw, (min-width: 40rem) 33vw, 50vw';

export function ProductPrice({ product }: { product: Pick<ProductDocument, 'price' | 'sale_price' | 'is_in_stock'> }) {
  if (!product.is_in_stock) return <span className="font-semibold uppercase text-ink-muted">{MESSAGES.soldOut}</span>;
  if (isOnSale(product) && product.sale_price !== null) {
    return (
      <span className="flex gap-2">
        <span className="font-semibold text-sale">{formatMoney(product.sale_price)}</span>
        <s className="text-ink-muted">
          <span className="sr-only">was </span>
          {formatMoney(product.price)}
        </s>
      </span>
    );
  }
  return <span className="font-semibold">{formatMoney(product.price)}</span>;
}

export function ProductTile({ product, priority = false }: { product: ProductDocument; priority?: boolean }) {
  const lowStock = product.is_in_stock && product.total_quantity < LOW_STOCK_BELOW;
  return (
    <article className="group relative flex flex-col">
      <Link to={product.url} className="block overflow-hidden rounded-sm bg-surface-muted" prefetch="intent">
        <div className="relative aspect-[4/5]">
          {product.primary_image && (
            <ResponsiveImage
              image={product.primary_image}
              alt={product.name}
              sizes={TILE_SIZES}
              priority={priority}
              className="absolute inset-0 h-full w-full object-cover"
            />
          )}
          {product.secondary_image && (
            <ResponsiveImage
              image={product.secondary_image}
              alt=""
              sizes={TILE_SIZES}
              className="absolute inset-0 hidden h-full w-full object-cover opacity-0 transition-opacity duration-300 md:block md:group-hover:opacity-100"
            />
          )}
        </div>
      </Link>
      <div className="mt-3 flex flex-col gap-1 text-sm">
        {product.badge_text && (
          <span className={`text-xs font-bold uppercase tracking-wide ${badgeTextClass(product.badge_class)}`}>
            {product.badge_text}
          </span>
        )}
        <h3 className="font-semibold leading-snug">
          <Link to={product.url} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        {product.fit && <p className="text-ink-muted">{product.fit}</p>}
        <ProductPrice product={product} />
        {lowStock && <p className="text-xs font-semibold text-sale">{MESSAGES.remaining(product.total_quantity)}</p>}
      </div>
    </article>
  );
}
