import { SIZE_GUIDE_IMAGE_MAX_PX } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { SizeChart, SizeChartImage } from '../../../shared/size-chart.ts';
import { BackIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { CarouselDots } from './carousel-dots.tsx';
import { CarouselSlide } from './carousel-slide.tsx';
import { useCarousel } from './use-carousel.ts';

/** Size guide images are never drawn wider than SIZE_GUIDE_IMAGE_MAX_PX (spec 9), so no wider file is fetched. */
const GUIDE_SIZES = `(min-width: ${SIZE_GUIDE_IMAGE_MAX_PX + 40}px) ${SIZE_GUIDE_IMAGE_MAX_PX}px, calc(100vw - 2.5rem)`;

/** The guide's diagrams, one at a time with arrows and dots when there are several. */
function GuideImages({ images, name }: { images: SizeChartImage[]; name: string }) {
  const { viewportRef, selected, scrollTo, previous, next, canGoBack, canGoForward } = useCarousel(0);
  const total = images.length;
  if (total === 0) return null;
  return (
    <section
      aria-roledescription={MESSAGES.carousel}
      aria-label={MESSAGES.productImages(name)}
      className="rounded-sm bg-surface-muted p-4"
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {images.map((image, index) => (
            <CarouselSlide key={image.url} index={index} total={total}>
              <ResponsiveImage
                image={image}
                alt={image.title}
                sizes={GUIDE_SIZES}
                maxWidth={SIZE_GUIDE_IMAGE_MAX_PX}
                className="mx-auto h-auto w-full"
                style={{ maxWidth: SIZE_GUIDE_IMAGE_MAX_PX }}
              />
            </CarouselSlide>
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
            <BackIcon className="size-4" strokeWidth={2} />
          </button>
          <CarouselDots keys={images.map((image) => image.url)} selected={selected} onSelect={scrollTo} />
          <button
            type="button"
            onClick={next}
            disabled={!canGoForward}
            aria-label={MESSAGES.nextImage}
            className="inline-flex size-9 items-center justify-center rounded-full hover:bg-surface disabled:opacity-30"
          >
            <ChevronRightIcon className="size-4" strokeWidth={2} />
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
