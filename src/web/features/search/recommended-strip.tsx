import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { HORIZONTAL_SCROLL_FRACTION } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { RecommendedProduct } from '../../../shared/site-search.ts';
import { ChevronRightIcon } from '../../ui/icons.tsx';
import { useNearViewport } from '../../ui/product-tile/use-near-viewport.ts';
import { ProductCard } from './product-card.tsx';

/** Cards are about 42% of a phone and 16% of a wide screen. */
const CARD_IMAGE_SIZES = '(min-width: 75rem) 16vw, (min-width: 40rem) 26vw, 42vw';
/** 16vw of a 2,560 px screen at 2x, or 42vw of a 430 px phone at 3x. */
const CARD_IMAGE_MAX_WIDTH = 828;

function RecommendedCard({ product, pictureShown }: { product: RecommendedProduct; pictureShown: boolean }) {
  return (
    <li className="w-[42%] shrink-0 snap-start md:w-[26%] lg:w-[16%]">
      <Link to={product.url} prefetch="intent" className="group flex flex-col gap-2.5">
        <ProductCard
          product={product}
          imageClassName=""
          sizes={CARD_IMAGE_SIZES}
          maxWidth={CARD_IMAGE_MAX_WIDTH}
          detailsClassName="text-left"
          pictureShown={pictureShown}
        />
      </Link>
    </li>
  );
}

const arrowButton =
  'inline-flex size-10 items-center justify-center rounded-full border border-line transition-colors hover:border-ink hover:bg-surface-muted';

interface RecommendedStripProps {
  /** The strip's heading: 'Recommended For You' on the not-found page, 'You May Also Like' on a product page. */
  title: string;
  products: readonly RecommendedProduct[];
  /**
   * The cards' pictures wait until the strip comes within a screen of view (a product page's strip, below the
   * fold): drawn with the page, their twelve pictures were within the browser's own lazy-loading distance on a
   * phone and shared its line with the product's picture. The not-found page's strip is its content and draws
   * them at once.
   */
  picturesWhenNear?: boolean;
}

/**
 * A strip of recommended products (the not-found page's of spec 2.5, a product page's): a horizontal scroll of
 * product cards, each linking to its product page; the arrows scroll 55% of the strip's width (spec 2.4).
 * Nothing without products.
 */
export function RecommendedStrip({ title, products, picturesWhenNear = false }: RecommendedStripProps) {
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);
  const near = useNearViewport(scroller);
  const picturesShown = !picturesWhenNear || near;
  if (!products.length) return null;
  const scroll = (direction: 1 | -1) => {
    const element = scroller.current;
    if (element)
      element.scrollBy({ left: direction * element.clientWidth * HORIZONTAL_SCROLL_FRACTION, behavior: 'smooth' });
  };
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-[90rem] py-12 md:py-16">
      <div className="flex items-end justify-between gap-4 px-4 md:px-8">
        <h2 id={headingId} className="font-display text-xl font-black uppercase tracking-tight md:text-2xl">
          {title}
        </h2>
        <div className="hidden gap-2 md:flex">
          <button
            type="button"
            aria-label={MESSAGES.scrollBack(title)}
            className={arrowButton}
            onClick={() => scroll(-1)}
          >
            <ChevronRightIcon className="size-5 rotate-180" />
          </button>
          <button
            type="button"
            aria-label={MESSAGES.scrollForward(title)}
            className={arrowButton}
            onClick={() => scroll(1)}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
      {/* relative: absolutely placed text (the price's screen-reader words) scrolls with the strip, not the page. */}
      <ul
        ref={scroller}
        className="relative mt-5 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-3 md:scroll-px-8 md:gap-5 md:px-8"
      >
        {products.map((product) => (
          <RecommendedCard key={product._id} product={product} pictureShown={picturesShown} />
        ))}
      </ul>
    </section>
  );
}
