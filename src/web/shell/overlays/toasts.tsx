import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { MESSAGES } from '../../../shared/messages.ts';
import { drawerMessagesStore, drawerPassthrough } from '../../ui/drawer.tsx';
import { toastPlacement, type ScreenBox, type ToastPlacement } from '../../lib/notifications/notification-rules.ts';
import { useNotifications } from '../../lib/notifications/notifications.ts';
import { useStore } from '../../lib/store.ts';

const loadToast = () => import('./toast.tsx');
const Toast = lazy(loadToast);

/** Fetches the toast's code ahead of the first message (the shopper's first touch or key). */
export const preloadToasts = () => void loadToast();

/**
 * The toast stack (spec 2.4, 4 'Messages'), placed so it never hides the control the shopper needs next: at
 * the bottom on phones and bottom left from md, clear of the header's bag icon and its count and of the
 * scroll-to-top button, and at the top while the field the shopper is filling in (or the list it opened) sits
 * where the stack would be, as a checkout field low on a phone's screen does after 'Please correct the
 * errors.'; while a drawer
 * is open, in the drawer's flow under its header, so it covers neither the drawer's title and close button nor
 * its fields and checkout. The stack is a polite live region; danger and warning toasts are alerts.
 */
export function Toasts() {
  const messages = useNotifications();
  const drawer = useStore(drawerMessagesStore);
  const toasts = (
    <Suspense fallback={null}>
      {messages.map((message) => (
        // Keyed by id when there is one, so a replacement updates the shown toast (and shakes it).
        <Toast key={message.id === undefined ? `uuid:${message.uuid}` : `id:${message.id}`} message={message} />
      ))}
    </Suspense>
  );
  if (drawer) {
    return createPortal(
      <section
        aria-label={MESSAGES.notifications}
        aria-live="polite"
        className="flex flex-col gap-2 px-5 pt-3 empty:pt-0"
      >
        {toasts}
      </section>,
      drawer,
    );
  }
  return <ToastStack count={messages.length}>{toasts}</ToastStack>;
}

const PLACEMENT_CLASSES: Record<ToastPlacement, string> = {
  bottom: 'bottom-0 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:pb-4',
  top: 'top-0 pt-[max(0.75rem,env(safe-area-inset-top))] md:pt-4',
};

function ToastStack({ count, children }: { count: number; children: ReactNode }) {
  const stackRef = useRef<HTMLElement>(null);
  const placement = useClearOfFocus(stackRef, count);
  return (
    <div
      {...drawerPassthrough}
      className={`pointer-events-none fixed inset-x-0 z-[70] px-3 md:right-auto md:w-[25rem] md:px-4 ${PLACEMENT_CLASSES[placement]}`}
    >
      <section ref={stackRef} aria-label={MESSAGES.notifications} aria-live="polite" className="flex flex-col gap-2">
        {children}
      </section>
    </div>
  );
}

/** The room the stack takes at the screen's edge besides its toasts (its padding), in CSS pixels. */
const EDGE_ROOM_PX = 16;

/** The focused control and the list it controls (an autocomplete's suggestions), while they are on screen. */
function boxesInUse(stack: HTMLElement): ScreenBox[] {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body || stack.contains(focused)) return [];
  const controlled = focused.getAttribute('aria-controls');
  const list = controlled ? document.getElementById(controlled) : null;
  return [focused, ...(list ? [list] : [])]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.height > 0);
}

/** Keeps the stack where it covers neither the focused control nor its list, checked once a frame at most. */
function useClearOfFocus(stackRef: RefObject<HTMLElement | null>, count: number): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>('bottom');
  useEffect(() => {
    const stack = stackRef.current;
    if (!stack || count === 0) {
      setPlacement('bottom');
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const { left, right, height } = stack.getBoundingClientRect();
      const room = height + EDGE_ROOM_PX;
      const bottomArea = { top: window.innerHeight - room, bottom: window.innerHeight, left, right };
      setPlacement(toastPlacement(boxesInUse(stack), bottomArea, { top: 0, bottom: room, left, right }));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const events = ['focusin', 'focusout', 'input', 'scroll', 'resize'] as const;
    for (const type of events) window.addEventListener(type, schedule, { capture: true, passive: true });
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, schedule, { capture: true });
    };
  }, [stackRef, count]);
  return placement;
}
