import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { prefersReducedMotion } from '../../ui/browser.ts';
import { ArrowUpIcon } from '../../ui/icons.tsx';
import { TOASTS_ABOVE_ATTRIBUTE } from './toasts.tsx';

/** The button shows once the page is scrolled more than SCROLL_TO_TOP_THRESHOLD_PX. */
export function showsScrollToTop(scrollY: number): boolean {
  return scrollY > SCROLL_TO_TOP_THRESHOLD_PX;
}

/** The scroll-to-top button (spec 2.4): hidden on the server and at the top of the page. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(showsScrollToTop(window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <button
      type="button"
      aria-label={MESSAGES.scrollToTop}
      {...{ [TOASTS_ABOVE_ATTRIBUTE]: '' }}
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })}
      className={`fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-ink shadow-lg shadow-black/10 transition-[opacity,translate,visibility] duration-200 ease-out hover:bg-surface-muted motion-reduce:transition-none md:right-6 md:bottom-6 dark:shadow-black/50 ${
        visible ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-2 opacity-0'
      }`}
    >
      <ArrowUpIcon className="size-5" strokeWidth={2} />
    </button>
  );
}
