import * as Dialog from '@radix-ui/react-dialog';
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DRAWER_ANIMATION_MS, OVERLAY_ANIMATION_MS } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { prefersReducedMotion } from './browser.ts';
import { drawerMessagesStore, type DrawerProps } from './drawer.tsx';
import { CloseIcon } from './icons.tsx';

const SIDE_CLASSES = {
  left: 'left-0 md:border-r starting:-translate-x-full data-[state=closed]:-translate-x-full',
  right: 'right-0 md:border-l starting:translate-x-full data-[state=closed]:translate-x-full',
} as const;

/**
 * The drawer itself (drawer.tsx has its story), loaded with Radix Dialog the first time a drawer opens. It stays
 * mounted through its closing slide, then returns focus to whatever opened it.
 */
export default function DrawerSheet({
  open: shown,
  onOpenChange,
  side,
  title,
  description,
  children,
  footer,
}: DrawerProps) {
  const [mounted, setMounted] = useState(shown);
  if (shown && !mounted) setMounted(true);

  useEffect(() => {
    if (shown || !mounted) return;
    const timer = window.setTimeout(() => setMounted(false), prefersReducedMotion() ? 0 : DRAWER_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [shown, mounted]);

  // The body and footer are drawn after the drawer itself, in a render of their own that yields to the browser:
  // Radix reads the drawer's style as it mounts, which makes the browser style and lay out everything that render
  // inserted there and then, from inside the render. With a bag's lines in it, the bag opened by its address was
  // one long task on a phone. The header, with the close button that takes the focus, comes in the first render.
  const [bodyDrawn, setBodyDrawn] = useState(false);
  if (!mounted && bodyDrawn) setBodyDrawn(false);
  useEffect(() => {
    if (mounted) startTransition(() => setBodyDrawn(true));
  }, [mounted]);

  // Layout effects run before Radix moves focus into the drawer, so this still sees the opener.
  const openerRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!shown) return;
    const active = document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [shown]);

  const returnFocus = (event: Event) => {
    event.preventDefault();
    const opener = openerRef.current;
    openerRef.current = null;
    // Another drawer opened by the same hash change keeps its focus.
    const focusIsFree = document.activeElement === null || document.activeElement === document.body;
    if (opener?.isConnected && focusIsFree) opener.focus({ preventScroll: true });
  };

  const messagesRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    drawerMessagesStore.set(element);
    return () => drawerMessagesStore.set((shownIn) => (shownIn === element ? null : shownIn));
  }, []);

  const keepOpenForPassthrough = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-drawer-passthrough]')) event.preventDefault();
  };

  return (
    <Dialog.Root open={shown} onOpenChange={onOpenChange}>
      {mounted && (
        <Dialog.Portal forceMount>
          <Dialog.Overlay
            className="fixed inset-0 z-40 bg-black/50 transition-opacity ease-out starting:opacity-0 data-[state=closed]:pointer-events-none data-[state=closed]:opacity-0 motion-reduce:transition-none"
            style={{ transitionDuration: `${OVERLAY_ANIMATION_MS}ms` }}
          />
          <Dialog.Content
            className={`fixed inset-y-0 z-50 flex h-dvh w-full flex-col border-line bg-surface text-ink shadow-2xl outline-none transition-transform ease-[cubic-bezier(0.32,0.72,0,1)] motion-reduce:transition-none md:w-[26.25rem] md:max-w-[calc(100vw-2rem)] ${SIDE_CLASSES[side]}`}
            style={{ transitionDuration: `${DRAWER_ANIMATION_MS}ms` }}
            onCloseAutoFocus={returnFocus}
            onInteractOutside={keepOpenForPassthrough}
            {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          >
            <header className="flex items-start gap-4 border-b border-line px-5 pt-[max(1rem,env(safe-area-inset-top))] pb-4">
              <div className="min-w-0 flex-1 pt-1.5">
                <Dialog.Title className="font-display text-lg font-black uppercase leading-tight tracking-wide">
                  {title}
                </Dialog.Title>
                {description !== undefined && (
                  <Dialog.Description className="mt-1 text-sm text-ink-muted">{description}</Dialog.Description>
                )}
              </div>
              <Dialog.Close
                aria-label={MESSAGES.close}
                className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-surface-muted"
              >
                <CloseIcon className="size-5" strokeWidth={2} />
              </Dialog.Close>
            </header>
            {shown && <div ref={messagesRef} />}
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{bodyDrawn && children}</div>
            {bodyDrawn && footer !== undefined && (
              <footer className="border-t border-line px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
                {footer}
              </footer>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      )}
    </Dialog.Root>
  );
}
