/** Moving to a deeper route slides the page left, to a shallower one right; same depth or unknown: none. */
export type PageSlide = 'left' | 'right' | null;

export function pageSlide(fromDepth: number | undefined, toDepth: number | undefined): PageSlide {
  if (fromDepth === undefined || toDepth === undefined || fromDepth === toDepth) return null;
  return toDepth > fromDepth ? 'left' : 'right';
}
