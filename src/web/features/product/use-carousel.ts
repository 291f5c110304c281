import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../ui/browser.ts';

/**
 * A swipeable row of slides on embla: the viewport ref, the slide in view, and ways to move. Before the
 * carousel starts (on the server, during hydration) the first slide simply shows, so nothing shifts.
 */
export function useCarousel(startIndex: number) {
  const [viewportRef, embla] = useEmblaCarousel({ startIndex, align: 'start', skipSnaps: false });
  const [selected, setSelected] = useState(startIndex);
  const [slideCount, setSlideCount] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setSelected(embla.selectedScrollSnap());
      setSlideCount(embla.scrollSnapList().length);
    };
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  const scrollTo = useCallback((index: number) => embla?.scrollTo(index, prefersReducedMotion()), [embla]);
  const previous = useCallback(() => embla?.scrollPrev(prefersReducedMotion()), [embla]);
  const next = useCallback(() => embla?.scrollNext(prefersReducedMotion()), [embla]);

  return {
    viewportRef,
    selected,
    scrollTo,
    previous,
    next,
    canGoBack: selected > 0,
    canGoForward: slideCount > 0 ? selected < slideCount - 1 : false,
  };
}
