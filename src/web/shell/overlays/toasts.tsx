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
 * The toast stack (spec 2.4, 4 'Messages'), placed so it never hides a control the shopper may need next: at
 * the bottom on phones and bottom left from md, clear of the header's bag icon and its count, and under the
 * header while a form control on screen (a checkout field low on a phone's screen after 'Please correct the
 * errors.', the product page's Add to bag) or the list the focused field opened sits where the stack would be;
 * while a drawer
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
  top: 'pt-3 md:pt-4',
};

function ToastStack({ count, children }: { count: number; children: ReactNode }) {
  const stackRef = useRef<HTMLElement>(null);
  const { placement, headerBottom, raised } = useClearOfControls(stackRef, count);
  return (
    <div
      {...drawerPassthrough}
      className={`pointer-events-none fixed inset-x-0 z-[70] px-3 md:right-auto md:w-[25rem] md:px-4 ${PLACEMENT_CLASSES[placement]}`}
      style={placement === 'top' ? { top: headerBottom } : raised > 0 ? { bottom: raised } : undefined}
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
  return onScreen([focused, ...(list ? [list] : [])]);
}

/** What a shopper fills in or presses: the stack must not sit over any of these that are on screen. */
const FORM_CONTROLS = 'input:not([type="hidden"]), select, textarea, button, [role="radio"], [role="combobox"]';

/**
 * Marks a control fixed at the screen's bottom edge (the scroll-to-top button): a stack at the bottom sits above
 * it rather than moving away from the bottom for it.
 */
export const TOASTS_ABOVE_ATTRIBUTE = 'data-toasts-above';

function controlsOnScreen(stack: HTMLElement): ScreenBox[] {
  const controls = [...document.querySelectorAll<HTMLElement>(FORM_CONTROLS)].filter(
    (control) => !stack.contains(control) && !control.hasAttribute(TOASTS_ABOVE_ATTRIBUTE),
  );
  return onScreen(controls);
}

/** How far above the screen's bottom edge the stack starts: over the shown controls marked to stay below it. */
function roomBelow(): number {
  const below = onScreen([...document.querySelectorAll<HTMLElement>(`[${TOASTS_ABOVE_ATTRIBUTE}]`)]);
  return Math.max(0, ...below.map((box) => window.innerHeight - box.top));
}

/** The boxes of the elements a shopper can see: on screen, neither hidden nor faded out. */
function onScreen(elements: readonly HTMLElement[]): ScreenBox[] {
  return elements
    .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.bottom > 0 && box.top < window.innerHeight);
}

/** Where the sticky header ends on screen (0 once it has scrolled away): a stack at the top starts there. */
function headerBottomOnScreen(): number {
  return Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
}

/** Where the stack is: its edge, where the header ends, and how far a bottom stack is raised above the edge. */
interface StackPlace {
  placement: ToastPlacement;
  headerBottom: number;
  raised: number;
}

/** Keeps the stack where it covers no control on screen, checked once a frame at most. */
function useClearOfControls(stackRef: RefObject<HTMLElement | null>, count: number): StackPlace {
  const [where, setWhere] = useState<StackPlace>({ placement: 'bottom', headerBottom: 0, raised: 0 });
  useEffect(() => {
    const stack = stackRef.current;
    if (!stack || count === 0) {
      setWhere({ placement: 'bottom', headerBottom: 0, raised: 0 });
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const { left, right, height } = stack.getBoundingClientRect();
      const room = height + EDGE_ROOM_PX;
      const headerBottom = headerBottomOnScreen();
      const raised = roomBelow();
      const bottomArea = { top: window.innerHeight - raised - room, bottom: window.innerHeight - raised, left, right };
      const topArea = { top: headerBottom, bottom: headerBottom + room, left, right };
      const placement = toastPlacement(boxesInUse(stack), controlsOnScreen(stack), bottomArea, topArea);
      setWhere((now) =>
        now.placement === placement && now.headerBottom === headerBottom && now.raised === raised
          ? now
          : { placement, headerBottom, raised },
      );
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
  return where;
}
