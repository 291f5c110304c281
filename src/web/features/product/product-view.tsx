import type { ReactNode } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { productBreadcrumbs } from '../../../shared/product-breadcrumbs.ts';
import { galleryImages, productPageSelection } from '../../../shared/product-images.ts';
import { breadcrumbJsonLd, productJsonLd } from '../../../shared/product-json-ld.ts';
import type { ProductDocument } from '../../../shared/product.ts';
import { ProductPrice } from '../../ui/product-price.tsx';
import { useShop } from '../../lib/use-shop.ts';
import { ProductBreadcrumbs } from './product-breadcrumbs.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductJsonLdScript } from './product-json-ld.tsx';
import { ProductNotes } from './product-notes.tsx';
import { ColorOptions, LengthOptions } from './product-options.tsx';
import { ProductPurchase, useChosenSku } from './product-purchase.tsx';
import { BadgeText } from '../../ui/badge-text.tsx';

interface ProductViewProps {
  product: ProductDocument;
  /** The gallery slide to open on. */
  activeSlide: number;
  /** Shown below, across the page: the products like this one. */
  related?: ReactNode;
}

/**
 * The product page's body: breadcrumbs, gallery, name, price, lengths, colours, sizes, add to bag, description,
 * the delivery and returns notes, then what the page adds below.
 */
export function ProductView({ product, activeSlide, related }: ProductViewProps) {
  const { publicUrl, websiteConfig } = useShop();
  const [chosen, choose] = useChosenSku(product);
  const images = galleryImages(product, productPageSelection(product, chosen?.size ?? null));
  const structuredData = productJsonLd(product, images, websiteConfig?.site_name ?? '', publicUrl);
  const crumbs = productBreadcrumbs(product);

  return (
    <main id="main" className="mx-auto w-full max-w-7xl pb-16 md:px-8 md:pt-8">
      <ProductBreadcrumbs crumbs={crumbs} />
      <div className="md:grid md:grid-cols-2 md:items-start md:gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-12">
        <ProductGallery images={images} name={product.name} startIndex={activeSlide} />
        <div className="px-4 pt-5 md:sticky md:top-24 md:px-0 md:pt-0">
          {product.badge_text && (
            <BadgeText as="p" badgeClass={product.badge_class} className="text-xs font-bold uppercase tracking-widest">
              {product.badge_text}
            </BadgeText>
          )}
          <h1 className="mt-1 font-display text-2xl font-black uppercase leading-tight tracking-tight md:text-3xl">
            {product.name}
          </h1>
          {product.fit && <p className="mt-1 text-sm text-ink-muted">{product.fit}</p>}
          <div className="mt-3 text-lg">
            <ProductPrice product={product} />
          </div>
          <div className="mt-6 flex flex-col gap-6">
            <LengthOptions product={product} />
            <ColorOptions product={product} />
            <ProductPurchase product={product} chosen={chosen} onChoose={choose} />
          </div>
          {product.final_sale && (
            <p className="mt-6 border-l-4 border-warning bg-surface-muted px-3 py-2 text-sm">
              {MESSAGES.finalSaleProduct}
            </p>
          )}
          {product.description && (
            <section className="mt-8 border-t border-line pt-6">
              <h2 className="text-xs font-bold uppercase tracking-widest">{MESSAGES.description}</h2>
              <p className="mt-3 leading-relaxed text-ink-muted">{product.description}</p>
            </section>
          )}
          {/* A final-sale product cannot be returned: the shop's returns note would contradict the note above. */}
          <ProductNotes
            delivery={websiteConfig?.product_delivery_note ?? ''}
            returns={product.final_sale ? '' : (websiteConfig?.product_returns_note ?? '')}
          />
        </div>
      </div>
      {/* The strip spans the page's margins, which it keeps itself. */}
      <div className="md:-mx-8">{related}</div>
      <ProductJsonLdScript data={structuredData} />
      <ProductJsonLdScript data={breadcrumbJsonLd(crumbs, product, publicUrl)} />
    </main>
  );
}

/** What shows while a product that no link carried is on its way. */
export function ProductSkeleton() {
  return (
    <main id="main" aria-busy="true" className="mx-auto w-full max-w-7xl pb-16 md:px-8 md:pt-8">
      <p className="sr-only" role="status">
        {MESSAGES.loading}
      </p>
      <div className="animate-pulse md:grid md:grid-cols-2 md:gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-12 motion-reduce:animate-none">
        <div className="aspect-[4/5] w-full bg-surface-muted md:rounded-sm" />
        <div className="flex flex-col gap-3 px-4 pt-5 md:px-0 md:pt-0">
          <div className="h-8 w-3/4 rounded-sm bg-surface-muted" />
          <div className="h-4 w-1/3 rounded-sm bg-surface-muted" />
          <div className="h-6 w-1/4 rounded-sm bg-surface-muted" />
          <div className="mt-6 grid grid-cols-4 gap-2 lg:grid-cols-5">
            {Array.from({ length: 5 }, (_, index) => (
              <div key={index} className="h-12 rounded-sm bg-surface-muted" />
            ))}
          </div>
          <div className="mt-6 h-13 w-full rounded-sm bg-surface-muted" />
        </div>
      </div>
    </main>
  );
}
