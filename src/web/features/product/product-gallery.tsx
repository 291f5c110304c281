import { useState } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import type { ImageRef } from '../../../shared/product.ts';
import { useHydrated } from '../../ui/browser.ts';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { BackIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { CarouselDots } from './carousel-dots.tsx';
import { CarouselSlide } from './carousel-slide.tsx';
import { useCarousel } from './use-carousel.ts';

/** How wide a gallery image is drawn: the whole width on phones, half on tablets, the left column on desktop. */
const SLIDE_SIZES = '(min-width: 75rem) 720px, (min-width: 40rem) 50vw, 100vw';
/** 720 px on a 2x desktop screen, or a 430 px phone at 3x. */
const SLIDE_MAX_WIDTH = 1440;
/** The 80 px thumbnails at up to 2.5x. */
const THUMBNAIL_MAX_WIDTH = 200;

const arrowClass =
  'absolute top-1/2 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 text-ink shadow-md transition-opacity hover:bg-surface disabled:pointer-events-none disabled:opacity-0 md:inline-flex';

interface ProductGalleryProps {
  images: ImageRef[];
  name: string;
  /** The slide to open on (the one a tile showed when the shopper chose the product). */
  startIndex: number;
}

/**
 * The product's images: a swipe carousel on phones with dots below, arrows from md, and a thumbnail strip
 * beside it on desktop. The first slide shown is the page's largest image, so it loads first; the server draws
 * that slide only, so the others (off the screen until swiped) do not share the phone's network with it.
 */
export function ProductGallery({ images, name, startIndex }: ProductGalleryProps) {
  // The slide handed over is where the gallery opens; later changes of history state do not move it.
  const [start] = useState(() => Math.min(Math.max(0, startIndex), Math.max(0, images.length - 1)));
  const { viewportRef, selected, scrollTo, previous, next, canGoBack, canGoForward } = useCarousel(start);
  const hydrated = useHydrated();
  const total = images.length;

  if (total === 0) return <div className="aspect-[4/5] w-full bg-surface-muted" />;

  return (
    <section
      aria-roledescription={MESSAGES.carousel}
      aria-label={MESSAGES.productImages(name)}
      className="lg:flex lg:items-start lg:gap-4"
    >
      {total > 1 && (
        <div className="hidden lg:flex lg:w-20 lg:shrink-0 lg:flex-col lg:gap-3">
          {images.map((image, index) => (
            <button
              key={image.url}
              type="button"
              onClick={() => scrollTo(index)}
              aria-label={MESSAGES.showImage(index + 1, total)}
              aria-current={index === selected}
              className="overflow-hidden rounded-sm border-2 border-transparent bg-surface-muted opacity-70 transition hover:opacity-100 aria-[current=true]:border-ink aria-[current=true]:opacity-100"
            >
              <ResponsiveImage
                image={image}
                alt=""
                sizes="80px"
                maxWidth={THUMBNAIL_MAX_WIDTH}
                className="aspect-[4/5] h-auto w-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
      <div className="relative min-w-0 flex-1">
        <div ref={viewportRef} className="overflow-hidden bg-surface-muted md:rounded-sm">
          <div className="flex touch-pan-y">
            {images.map(
              (image, index) =>
                (hydrated || index === start) && (
                  <CarouselSlide key={image.url} index={index} total={total}>
                    <ResponsiveImage
                      image={image}
                      alt={index === 0 ? name : ''}
                      sizes={SLIDE_SIZES}
                      maxWidth={SLIDE_MAX_WIDTH}
                      priority={index === start}
                      className="aspect-[4/5] h-auto w-full object-cover"
                    />
                  </CarouselSlide>
                ),
            )}
          </div>
        </div>
        {total > 1 && (
          <>
            <button
              type="button"
              onClick={previous}
              disabled={!canGoBack}
              aria-label={MESSAGES.previousImage}
              className={`${arrowClass} left-3`}
            >
              <BackIcon className="size-5" strokeWidth={2} />
            </button>
            <button
              type="button"
              onClick={next}
              disabled={!canGoForward}
              aria-label={MESSAGES.nextImage}
              className={`${arrowClass} right-3`}
            >
              <ChevronRightIcon className="size-5" strokeWidth={2} />
            </button>
            <div className="flex justify-center gap-1 py-3 lg:hidden">
              <CarouselDots keys={images.map((image) => image.url)} selected={selected} onSelect={scrollTo} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
