import { useEffect, useRef, type RefObject } from 'react';

/** A link as this module reads it; a DOM element is one. */
interface Anchor {
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number };
}

/** Where the links are looked up: the catalogue's grids. */
interface Links {
  querySelectorAll(selectors: string): ArrayLike<Anchor>;
}

/** The link the shopper followed from a history entry, and where it was on screen then. */
interface LeftFrom {
  href: string;
  /** Which of the container's links to that address it was: a tile links both its picture and its name. */
  occurrence: number;
  top: number;
}

/** How many history entries keep the link they were left from. */
const REMEMBERED_ENTRIES = 20;
const leftFromByEntry = new Map<string, LeftFrom>();

const linksTo = (container: Links, href: string) =>
  Array.from(container.querySelectorAll('a[href]')).filter((link) => link.getAttribute('href') === href);

/** Notes that the shopper left a history entry by a link of the container, where it is on screen now. */
export function noteLeftFrom(historyKey: string, container: Links, link: Anchor): void {
  const href = link.getAttribute('href');
  if (href === null) return;
  leftFromByEntry.delete(historyKey);
  leftFromByEntry.set(historyKey, {
    href,
    occurrence: linksTo(container, href).indexOf(link),
    top: link.getBoundingClientRect().top,
  });
  for (const oldest of leftFromByEntry.keys()) {
    if (leftFromByEntry.size <= REMEMBERED_ENTRIES) break;
    leftFromByEntry.delete(oldest);
  }
}

/** Forgets the link of an entry the shopper left some other way. */
export function forgetLeftFrom(historyKey: string): void {
  leftFromByEntry.delete(historyKey);
}

/**
 * How far the page must scroll for the link an entry was left from to be where it was on screen: 0 for an entry
 * not left by a link, null while the container does not show the link. Found once, it is forgotten, so the
 * shopper's own scrolling is left alone.
 */
export function scrollBackToLink(historyKey: string, container: Links): number | null {
  const left = leftFromByEntry.get(historyKey);
  if (!left) return 0;
  const link = linksTo(container, left.href)[left.occurrence];
  if (!link) return null;
  leftFromByEntry.delete(historyKey);
  return link.getBoundingClientRect().top - left.top;
}

/**
 * Back to a catalogue puts the tile the shopper left from where it was on screen. The router restores the window's
 * scroll offset, but the grid the document brought laid far tiles out at an estimated height until they were
 * drawn (decision 026) and the grid rendered after Back is laid out whole, so the same offset can be rows away.
 * The followed link is the anchor instead: after the router's restore (a layout effect of the root, so before
 * this passive effect), the page scrolls by how far the link is off. A render that does not show it yet (the
 * loader data still to come) leaves it for the next render.
 */
export function useBackToTile(containerRef: RefObject<HTMLElement | null>, historyKey: string): void {
  // Coming to an entry, until its link is found or the shopper presses something (a press renders the page again).
  const returning = useRef(true);
  useEffect(() => {
    returning.current = true;
  }, [historyKey]);
  useEffect(() => {
    const container = containerRef.current;
    const offset = returning.current && container ? scrollBackToLink(historyKey, container) : 0;
    if (offset === null) return;
    returning.current = false;
    if (offset) window.scrollBy({ top: offset, behavior: 'instant' });
  });
  useEffect(() => {
    // On the window, so the router's link handler (on the document) has run: a click it prevented is a move.
    const note = (event: MouseEvent) => {
      // Any press ends the return: a link that shows up later (after Load More) is not scrolled to.
      returning.current = false;
      const container = containerRef.current;
      if (!event.defaultPrevented || !container) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link && container.contains(link)) noteLeftFrom(historyKey, container, link);
      else forgetLeftFrom(historyKey);
    };
    window.addEventListener('click', note);
    return () => window.removeEventListener('click', note);
  }, [containerRef, historyKey]);
}
