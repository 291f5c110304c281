import { RESPONSIVE_IMAGE_WIDTHS, SIZE_GUIDE_IMAGE_MAX_PX } from '../../../shared/constants.ts';
import { imageSrcSet, imageUrl, responsiveWidth } from '../../../shared/media-url.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { SizeChart, SizeChartImage } from '../../../shared/size-chart.ts';
import { CarouselDots } from './carousel-dots.tsx';
import { useCarousel } from './use-carousel.ts';

/** Size guide images are never drawn wider than SIZE_GUIDE_IMAGE_MAX_PX (spec 9), so no wider file is fetched. */
const GUIDE_WIDTHS = RESPONSIVE_IMAGE_WIDTHS.filter((width) => width <= responsiveWidth(SIZE_GUIDE_IMAGE_MAX_PX));
const GUIDE_SIZES = `(min-width: ${SIZE_GUIDE_IMAGE_MAX_PX + 40}px) ${SIZE_GUIDE_IMAGE_MAX_PX}px, calc(100vw - 2.5rem)`;

function GuideImage({ image }: { image: SizeChartImage }) {
  return (
    <img
      src={imageUrl(image.url, SIZE_GUIDE_IMAGE_MAX_PX)}
      srcSet={imageSrcSet(image.url, GUIDE_WIDTHS) || undefined}
      sizes={GUIDE_SIZES}
      width={image.width}
      height={image.height}
      alt={image.title}
      loading="lazy"
      decoding="async"
      className="mx-auto h-auto w-full"
      style={{ maxWidth: SIZE_GUIDE_IMAGE_MAX_PX }}
    />
  );
}

/** The guide's diagrams, one at a time with arrows and dots when there are several. */
function GuideImages({ images, name }: { images: SizeChartImage[]; name: string }) {
  const { viewportRef, selected, scrollTo, previous, next, canGoBack, canGoForward } = useCarousel(0);
  const total = images.length;
  if (total === 0) return null;
  return (
    <section aria-roledescription="carousel" aria-label={MESSAGES.productImages(name)} className="rounded-sm bg-surface-muted p-4">
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {images.map((image, index) => (
            <div
              key={image.url}
              role="group"
              aria-roledescription="slide"
              aria-label={MESSAGES.slideOf(index + 1, total)}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <GuideImage image={image} />
            </div>
          ))}
        </div>
      </div>
      {total > 1 && (
        <div className="mt-3 flex items-center justify-center gap-2">
          <button
            type="button"
            onClick={previous}
            disabled={!canGoBack}
            aria-label={MESSAGES.previousImage}
            className="inline-flex size-9 items-center justify-center rounded-full hover:bg-surface disabled:opacity-30"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <CarouselDots keys={images.map((image) => image.url)} selected={selected} onSelect={scrollTo} />
          <button
            type="button"
            onClick={next}
            disabled={!canGoForward}
            aria-label={MESSAGES.nextImage}
            className="inline-flex size-9 items-center justify-center rounded-full hover:bg-surface disabled:opacity-30"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The size-guide panel of spec 2.4 below its title: subheader, image carousel and the measurement table (HTML
 * the server has sanitized). The title is the drawer's or the page's heading.
 */
export function SizeGuidePanel({ chart }: { chart: SizeChart }) {
  return (
    <div className="flex flex-col gap-6">
      {chart.subheader && <p className="text-ink-muted">{chart.subheader}</p>}
      <GuideImages images={chart.images} name={chart.display_name} />
      <div
        role="region"
        aria-label={MESSAGES.sizeGuideFor(chart.display_name)}
        tabIndex={0}
        className="prose-content overflow-x-auto"
        dangerouslySetInnerHTML={{ __html: chart.content }}
      />
    </div>
  );
}

/** The panel when there is no guide to show (spec 8: size guide fetch failure). */
export function NoSizeGuide() {
  return <p className="py-10 text-center text-lg font-semibold text-ink-muted">{MESSAGES.noSizeGuide}</p>;
}
