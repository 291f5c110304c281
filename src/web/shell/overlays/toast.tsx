import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { SHAKE_MS, SWIPE_SNAP_BACK_MS } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { NotificationType } from '../../lib/notifications/notification-types.ts';
import { prefersReducedMotion } from '../../ui/browser.ts';
import { CloseIcon, DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from '../../ui/icons.tsx';
import {
  swipeDismisses,
  swipeOffset,
  swipeStarts,
  type NotificationMessage,
} from '../../lib/notifications/notification-rules.ts';
import { dismiss } from '../../lib/notifications/notifications.ts';
import { startPausableTimer, type PausableTimer } from './pausable-timer.ts';

/** How long a closing toast takes to fade or slide away. */
const LEAVE_MS = 200;

const SHAKE_KEYFRAMES: Keyframe[] = [0, -6, 6, -4, 4, -2, 0].map((x) => ({ transform: `translateX(${x}px)` }));

const TYPE_STYLES: Record<NotificationType, { role: 'status' | 'alert'; border: string; icon: ReactNode }> = {
  success: {
    role: 'status',
    border: 'border-l-success',
    icon: <SuccessIcon className="size-5 text-success" strokeWidth={2} />,
  },
  info: {
    role: 'status',
    border: 'border-l-info',
    icon: <InfoIcon className="size-5 text-info" strokeWidth={2} />,
  },
  warning: {
    role: 'alert',
    border: 'border-l-warning',
    icon: <WarningIcon className="size-5 text-warning" strokeWidth={2} />,
  },
  danger: {
    role: 'alert',
    border: 'border-l-danger',
    icon: <DangerIcon className="size-5 text-danger" strokeWidth={2} />,
  },
};

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  dx: number;
  swiping: boolean;
}

/** One toast (toasts.tsx places the stack): its look, its timer, the swipe and the close button. Loaded with the first message. */
export default function Toast({ message }: { message: NotificationMessage }) {
  const { uuid, closeAfter, type } = message;
  const itemRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLParagraphElement>(null);
  const drag = useRef<Drag | null>(null);
  const leaving = useRef<Animation | null>(null);
  const timer = useRef<PausableTimer | null>(null);
  const [offset, setOffset] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [swiping, setSwiping] = useState(false);

  /** Slides the toast away from where it is (offset, left of 0 after a swipe) and removes it. */
  const close = useCallback(
    (fromOffset: number) => {
      if (leaving.current) return;
      const item = itemRef.current;
      if (!item || prefersReducedMotion()) {
        dismiss(uuid);
        return;
      }
      const keyframes =
        fromOffset < 0
          ? [
              { transform: `translateX(${fromOffset}px)`, opacity: 1 },
              { transform: `translateX(${-item.offsetWidth - 24}px)`, opacity: 0 },
            ]
          : [
              { transform: 'translateY(0)', opacity: 1 },
              { transform: 'translateY(0.5rem)', opacity: 0 },
            ];
      const animation = item.animate(keyframes, { duration: LEAVE_MS, easing: 'ease-in', fill: 'forwards' });
      leaving.current = animation;
      const done = () => dismiss(uuid);
      animation.finished.then(done, done);
    },
    [uuid],
  );

  useEffect(() => {
    if (closeAfter <= 0) return;
    const started = startPausableTimer(closeAfter, () => close(0));
    timer.current = started;
    return () => {
      started.cancel();
      if (timer.current === started) timer.current = null;
    };
  }, [closeAfter, close]);

  const paused = hovered || focused || swiping;
  useEffect(() => {
    if (paused) timer.current?.pause();
    else timer.current?.resume();
  }, [paused, uuid]);

  // A message with the same id replaced this one: show it afresh and shake its text.
  const shownUuid = useRef(uuid);
  useEffect(() => {
    if (shownUuid.current === uuid) return;
    shownUuid.current = uuid;
    leaving.current?.cancel();
    leaving.current = null;
    drag.current = null;
    setSwiping(false);
    setOffset(0);
    if (!prefersReducedMotion())
      textRef.current?.animate(SHAKE_KEYFRAMES, { duration: SHAKE_MS, easing: 'ease-in-out' });
  }, [uuid]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (leaving.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (event.target instanceof Element && event.target.closest('button')) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, dx: 0, swiping: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.x;
    if (!current.swiping) {
      if (!swipeStarts(dx, event.clientY - current.y)) return;
      current.swiping = true;
      setSwiping(true);
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    current.dx = dx;
    setOffset(swipeOffset(dx));
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>, released: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.swiping) return;
    setSwiping(false);
    const item = itemRef.current;
    const from = swipeOffset(current.dx);
    if (released && item && swipeDismisses(current.dx, item.offsetWidth)) {
      close(from);
      return;
    }
    setOffset(0);
    if (item && !prefersReducedMotion()) {
      item.animate([{ transform: `translateX(${from}px)` }, { transform: 'translateX(0px)' }], {
        duration: SWIPE_SNAP_BACK_MS,
        easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
      });
    }
  };

  const style = TYPE_STYLES[type];
  return (
    <div
      ref={itemRef}
      role={style.role}
      aria-atomic="true"
      className={`pointer-events-auto flex w-full touch-pan-y items-start gap-3 rounded-lg border border-l-4 border-line bg-surface py-3 pr-2 pl-3 text-sm text-ink shadow-lg shadow-black/10 transition-[opacity,translate] duration-200 ease-out select-none starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none dark:shadow-black/50 ${style.border}`}
      style={offset === 0 ? undefined : { transform: `translateX(${offset}px)` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, true)}
      onPointerCancel={(event) => endDrag(event, false)}
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setFocused(false);
      }}
    >
      <span className="mt-px shrink-0">{style.icon}</span>
      <p
        ref={textRef}
        className={`min-w-0 flex-1 py-px leading-snug font-medium break-words ${message.showClose ? '' : 'pr-2'}`}
      >
        {message.message}
      </p>
      {message.showClose && (
        <button
          type="button"
          aria-label={MESSAGES.dismissNotification}
          onClick={() => close(0)}
          className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink"
        >
          <CloseIcon className="size-4" strokeWidth={2} />
        </button>
      )}
    </div>
  );
}
