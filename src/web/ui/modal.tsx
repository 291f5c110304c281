import { lazy, Suspense, type ReactNode } from 'react';
import { useOpenedSinceHydration } from './browser.ts';

export interface ModalProps {
  open: boolean;
  /** Called with false on Escape, an overlay click or the close button. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

const loadModalSheet = () => import('./modal-sheet.tsx');
const ModalSheet = lazy(loadModalSheet);

/** Fetches the dialog's code ahead of its first opening (the shopper's first touch or key). */
export const preloadModal = () => void loadModalSheet();

/**
 * The chrome's centred dialog (the country selector and prompt) on Radix Dialog: focus is trapped inside,
 * Escape and the overlay close it, focus goes back to the opener. A sheet from the bottom edge on phones. Its
 * code loads when a dialog first opens; nothing renders on the server or during hydration.
 */
export function Modal(props: ModalProps) {
  const { shown, opened } = useOpenedSinceHydration(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalSheet {...props} open={shown} />
    </Suspense>
  );
}
