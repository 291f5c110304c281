import type { ReactNode } from 'react';
import type { ImageRef, ProductDocument } from '../../../shared/product.ts';
import { BadgeText } from '../../ui/badge-text.tsx';
import { ProductPrice } from '../../ui/product-price.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';

type CardProduct = Pick<
  ProductDocument,
  'name' | 'fit' | 'badge_text' | 'badge_class' | 'price' | 'sale_price' | 'is_in_stock'
> & {
  primary_image: ImageRef | null;
};

interface ProductCardProps {
  product: CardProduct;
  /** Where the picture sits in the card's layout: its box's width and placement classes. */
  imageClassName: string;
  /** How wide the picture is drawn at each breakpoint, and the widest it ever is in device pixels. */
  sizes: string;
  maxWidth: number;
  detailsClassName: string;
  /**
   * Whether the picture is drawn: a card below the fold leaves it for when it comes near the screen, and until
   * then only a browser without scripts, which cannot tell, gets it (in noscript).
   */
  pictureShown?: boolean;
  /** Shown under the price. */
  children?: ReactNode;
}

/** A product's picture, badge, name, fit and price, as the search results and the recommendations show them. */
export function ProductCard({
  product,
  imageClassName,
  sizes,
  maxWidth,
  detailsClassName,
  pictureShown = true,
  children,
}: ProductCardProps) {
  const picture = product.primary_image && (
    <ResponsiveImage
      image={product.primary_image}
      alt=""
      sizes={sizes}
      maxWidth={maxWidth}
      className="absolute inset-0 h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
    />
  );
  return (
    <>
      <div className={`relative aspect-[4/5] overflow-hidden rounded-sm bg-surface-muted ${imageClassName}`}>
        {pictureShown ? picture : <noscript>{picture}</noscript>}
      </div>
      <div className={`flex flex-col gap-1 text-sm ${detailsClassName}`}>
        {product.badge_text && (
          <BadgeText badgeClass={product.badge_class} className="text-xs font-bold uppercase tracking-wide">
            {product.badge_text}
          </BadgeText>
        )}
        <span className="font-semibold leading-snug group-hover:underline">{product.name}</span>
        {product.fit && <span className="text-ink-muted">{product.fit}</span>}
        <ProductPrice product={product} />
        {children}
      </div>
    </>
  );
}
