import type { ReactNode } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';

/** One slide of a carousel, named 'n of total' for assistive technology. */
export function CarouselSlide({ index, total, children }: { index: number; total: number; children: ReactNode }) {
  return (
    <div
      role="group"
      aria-roledescription={MESSAGES.slide}
      aria-label={MESSAGES.slideOf(index + 1, total)}
      className="min-w-0 shrink-0 grow-0 basis-full"
    >
      {children}
    </div>
  );
}
