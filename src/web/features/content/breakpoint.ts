import type { Breakpoint } from '../../../shared/content.ts';

/** A block shows only where its breakpoint matches: everywhere, small screens, or md and up (spec 4). */
export function breakpointClass(breakpoint: Breakpoint): string {
  if (breakpoint === 'mobile') return 'md:hidden';
  if (breakpoint === 'desktop') return 'hidden md:block';
  return '';
}
