/** Whether the shopper asked for less motion; read when an animation starts, so a change applies at once. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
