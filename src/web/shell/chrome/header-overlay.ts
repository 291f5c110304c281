import { HEADER_OVERLAY_MAX_SCROLL_PX, HEADER_OVERLAY_MAX_WIDTH_PX } from '../../../shared/constants.ts';

export interface HeaderOverlayInput {
  /** The viewport width in CSS pixels. */
  width: number;
  scrollY: number;
  /** The name of the matched route; routes without one (the home page's hero) get the overlay. */
  routeName: string | undefined;
  /** Whether the side navigation (#nav hash) is open. */
  navOpen: boolean;
}

/**
 * Spec 2.4: the header is transparent over the page (white ink on the hero) at 1180 px wide or narrower,
 * when no route name is matched, the page is scrolled less than 44 px and the side navigation is closed.
 */
export function headerOverlay({ width, scrollY, routeName, navOpen }: HeaderOverlayInput): boolean {
  return (
    width <= HEADER_OVERLAY_MAX_WIDTH_PX &&
    routeName === undefined &&
    scrollY < HEADER_OVERLAY_MAX_SCROLL_PX &&
    !navOpen
  );
}
