/**
 * The pure rules of the toast stack (spec 4 'Messages', 9): defaults of a message, one message per id, and
 * when a swipe starts and when it dismisses.
 */
import { MESSAGE_AUTO_CLOSE_MS, SWIPE_DISMISS_FRACTION, SWIPE_START_PX } from '../../../shared/constants.ts';
import type { NotificationInput, NotificationType } from './notification-types.ts';

/** A message in the stack: the spec's notification message entity. */
export interface NotificationMessage {
  id: string | undefined;
  type: NotificationType;
  message: string;
  showClose: boolean;
  /** Milliseconds until it closes itself; 0 keeps it until the shopper closes it. */
  closeAfter: number;
  /** Unique per message shown: a replacement gets a new one. */
  uuid: string;
}

function closeDelay(closeAfter: number | undefined): number {
  return closeAfter !== undefined && Number.isFinite(closeAfter) && closeAfter >= 0
    ? closeAfter
    : MESSAGE_AUTO_CLOSE_MS;
}

export function toNotificationMessage(input: NotificationInput, uuid: string): NotificationMessage {
  return {
    id: input.id,
    type: input.type,
    message: input.message,
    showClose: input.showClose ?? true,
    closeAfter: closeDelay(input.closeAfter),
    uuid,
  };
}

/** Adds a message at the end of the stack; one with the id of a shown message takes that message's place. */
export function addNotification(
  messages: readonly NotificationMessage[],
  message: NotificationMessage,
): readonly NotificationMessage[] {
  const index = message.id === undefined ? -1 : messages.findIndex((shown) => shown.id === message.id);
  if (index === -1) return [...messages, message];
  return messages.map((shown, position) => (position === index ? message : shown));
}

export function removeNotification(
  messages: readonly NotificationMessage[],
  uuid: string,
): readonly NotificationMessage[] {
  return messages.some((shown) => shown.uuid === uuid) ? messages.filter((shown) => shown.uuid !== uuid) : messages;
}

/** A drag becomes a swipe once it has moved SWIPE_START_PX to the left, more sideways than up or down. */
export function swipeStarts(dx: number, dy: number): boolean {
  return dx <= -SWIPE_START_PX && Math.abs(dx) > Math.abs(dy);
}

/** The toast follows the pointer to the left only. */
export function swipeOffset(dx: number): number {
  return Math.min(0, dx);
}

/** Released after moving left by at least SWIPE_DISMISS_FRACTION of its width, the toast is dismissed. */
export function swipeDismisses(dx: number, width: number): boolean {
  return width > 0 && -dx >= width * SWIPE_DISMISS_FRACTION;
}

/** A box on the screen, in CSS pixels from the viewport's top left (a DOMRect has these). */
export interface ScreenBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export type ToastPlacement = 'bottom' | 'top';

const overlaps = (a: ScreenBox, b: ScreenBox) =>
  a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * Where the stack goes so it hides no control: at the bottom (its home, clear of the header), unless a form
 * control on screen, the focused control or the list it opened reaches into the stack's bottom area; then at the
 * top, under the header, if that area is clear of them. When both areas hold controls, the one in use wins: the
 * stack goes where it covers neither the focused control nor its list.
 */
export function toastPlacement(
  inUse: readonly ScreenBox[],
  controls: readonly ScreenBox[],
  bottomArea: ScreenBox,
  topArea: ScreenBox,
): ToastPlacement {
  const clearOf = (area: ScreenBox, boxes: readonly ScreenBox[]) => !boxes.some((box) => overlaps(box, area));
  const everything = [...inUse, ...controls];
  if (clearOf(bottomArea, everything)) return 'bottom';
  if (clearOf(topArea, everything)) return 'top';
  if (clearOf(bottomArea, inUse)) return 'bottom';
  return clearOf(topArea, inUse) ? 'top' : 'bottom';
}
