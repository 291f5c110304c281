import type { Breakpoint, ContentBlock } from '../../../shared/content.ts';

/** The md breakpoint of app.css (--breakpoint-md), as a media query's width. */
const MD_WIDTH = '40rem';

/** A block shows only where its breakpoint matches: everywhere, small screens, or md and up (spec 4). */
export function breakpointClass(breakpoint: Breakpoint): string {
  if (breakpoint === 'mobile') return 'md:hidden';
  if (breakpoint === 'desktop') return 'hidden md:block';
  return '';
}

/** The media query of the screens a block shows on; null for every screen. */
export function breakpointMedia(breakpoint: Breakpoint): string | null {
  if (breakpoint === 'mobile') return `(width < ${MD_WIDTH})`;
  if (breakpoint === 'desktop') return `(width >= ${MD_WIDTH})`;
  return null;
}

/**
 * The blocks whose largest image a page loads first: the first block a phone shows and the first a wider screen
 * shows, which are one block unless the page opens with a block for one of them only (a phone's hero and a
 * desktop's hero).
 */
export function priorityBlocks(blocks: readonly Pick<ContentBlock, 'breakpoint'>[]): Set<number> {
  return new Set(
    [
      blocks.findIndex((block) => block.breakpoint !== 'desktop'),
      blocks.findIndex((block) => block.breakpoint !== 'mobile'),
    ].filter((index) => index >= 0),
  );
}
