import { lazy, Suspense, type ReactNode } from 'react';
import { createStore } from '../lib/store.ts';
import { useOpenedSinceHydration } from './browser.ts';

/**
 * Spread on layers that float above drawers (toasts, the loading overlay): a pointer down on them does not
 * count as a click outside the open drawer, so using a toast never closes the bag.
 */
export const drawerPassthrough = { 'data-drawer-passthrough': '' } as const;

/**
 * Where messages show while a drawer is open: a place in its flow under its header, so a toast pushes the
 * drawer's content down instead of lying over its title, close button or fields. Null while none is open.
 */
export const drawerMessagesStore = createStore<HTMLElement | null>(null);

export interface DrawerProps {
  open: boolean;
  /** Called with false on Escape, an overlay click or the close button. */
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  /** Shown as the drawer's heading and used as its accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** The scrolling body, laid out edge to edge: pad it as the content needs. */
  children: ReactNode;
  /** Pinned below the body (the bag's totals and checkout button, a filter's apply button). */
  footer?: ReactNode;
}

const loadDrawerSheet = () => import('./drawer-sheet.tsx');
const DrawerSheet = lazy(loadDrawerSheet);

/** Fetches the drawer's code ahead of its first opening (the shopper's first touch or key). */
export const preloadDrawer = () => void loadDrawerSheet();

/**
 * The one drawer of the shop (side navigation, filters, bag, size guide): a modal sheet from the left or right
 * edge on Radix Dialog, so focus is trapped inside, Escape and the overlay close it, and the rest of the page is
 * inert for assistive technology. Its code, Radix's with it, loads when a drawer first opens, so a page that
 * opens none never pays for it. Nothing renders on the server or during hydration, so a page loaded with #bag
 * opens its drawer right after hydration without a mismatch.
 */
export function Drawer(props: DrawerProps) {
  const { shown, opened } = useOpenedSinceHydration(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DrawerSheet {...props} open={shown} />
    </Suspense>
  );
}
