import { describe, expect, it } from 'vitest';
import { MESSAGE_AUTO_CLOSE_MS } from '../../../shared/constants.ts';
import {
  addNotification,
  removeNotification,
  swipeDismisses,
  swipeOffset,
  swipeStarts,
  toastPlacement,
  toNotificationMessage,
  type NotificationMessage,
} from './notification-rules.ts';

const message = (uuid: string, fields: Partial<NotificationMessage> = {}): NotificationMessage => ({
  id: undefined,
  type: 'info',
  message: `message ${uuid}`,
  showClose: true,
  closeAfter: MESSAGE_AUTO_CLOSE_MS,
  uuid,
  ...fields,
});

describe('toNotificationMessage', () => {
  it('closes after 5000 ms with a close button by default', () => {
    expect(toNotificationMessage({ type: 'success', message: 'Promo successfully used.' }, 'u1')).toEqual({
      id: undefined,
      type: 'success',
      message: 'Promo successfully used.',
      showClose: true,
      closeAfter: 5000,
      uuid: 'u1',
    });
  });

  it('keeps what the caller sets, 0 meaning it stays', () => {
    const shown = toNotificationMessage(
      { id: 'cart-maximum-warning-message', type: 'danger', message: 'm', showClose: false, closeAfter: 0 },
      'u2',
    );
    expect(shown).toMatchObject({ id: 'cart-maximum-warning-message', showClose: false, closeAfter: 0 });
    expect(toNotificationMessage({ type: 'info', message: 'm', closeAfter: 8000 }, 'u3').closeAfter).toBe(8000);
  });

  it('falls back to the default delay for a delay that is not one', () => {
    expect(toNotificationMessage({ type: 'info', message: 'm', closeAfter: -1 }, 'u').closeAfter).toBe(5000);
    expect(toNotificationMessage({ type: 'info', message: 'm', closeAfter: Number.NaN }, 'u').closeAfter).toBe(5000);
  });
});

describe('addNotification', () => {
  it('stacks messages without an id', () => {
    const stack = addNotification(addNotification([], message('a')), message('b'));
    expect(stack.map((shown) => shown.uuid)).toEqual(['a', 'b']);
  });

  it('replaces the message with the same id in its place', () => {
    const stack = [message('a'), message('b', { id: 'cart-maximum-warning-message', message: 'old' }), message('c')];
    const next = addNotification(stack, message('d', { id: 'cart-maximum-warning-message', message: 'new' }));
    expect(next.map((shown) => [shown.uuid, shown.message])).toEqual([
      ['a', 'message a'],
      ['d', 'new'],
      ['c', 'message c'],
    ]);
  });

  it('stacks messages with different ids', () => {
    const next = addNotification([message('a', { id: 'one' })], message('b', { id: 'two' }));
    expect(next).toHaveLength(2);
  });
});

describe('removeNotification', () => {
  it('removes the message with that uuid only', () => {
    const stack = [message('a'), message('b')];
    expect(removeNotification(stack, 'a').map((shown) => shown.uuid)).toEqual(['b']);
  });

  it('leaves the stack untouched for an unknown uuid', () => {
    const stack = [message('a')];
    expect(removeNotification(stack, 'gone')).toBe(stack);
  });
});

describe('swipe', () => {
  it('starts after 5 px to the left, when more sideways than vertical', () => {
    expect(swipeStarts(-4, 0)).toBe(false);
    expect(swipeStarts(-5, 0)).toBe(true);
    expect(swipeStarts(-5, 6)).toBe(false);
    expect(swipeStarts(20, 0)).toBe(false);
  });

  it('follows the pointer to the left only', () => {
    expect(swipeOffset(-42)).toBe(-42);
    expect(swipeOffset(30)).toBe(0);
  });

  it('dismisses at 30% of the width, otherwise snaps back', () => {
    expect(swipeDismisses(-120, 400)).toBe(true);
    expect(swipeDismisses(-119, 400)).toBe(false);
    expect(swipeDismisses(-300, 400)).toBe(true);
    expect(swipeDismisses(120, 400)).toBe(false);
    expect(swipeDismisses(-10, 0)).toBe(false);
  });
});

describe('toastPlacement', () => {
  const phone = { width: 390, height: 844 };
  const bottomArea = { top: phone.height - 120, bottom: phone.height, left: 0, right: phone.width };
  const topArea = { top: 0, bottom: 120, left: 0, right: phone.width };
  const field = (top: number, height = 48) => ({ top, bottom: top + height, left: 16, right: 374 });

  it('stays at the bottom while nothing is focused or the focused field is clear of it', () => {
    expect(toastPlacement([], [], bottomArea, topArea)).toBe('bottom');
    expect(toastPlacement([field(300)], [], bottomArea, topArea)).toBe('bottom');
  });

  it('moves to the top when the focused field or its list reaches into the bottom area', () => {
    expect(toastPlacement([field(760)], [], bottomArea, topArea)).toBe('top');
    expect(toastPlacement([field(500), field(548, 300)], [], bottomArea, topArea)).toBe('top');
  });

  it('moves to the top when a form control on screen, focused or not, sits where the stack would be', () => {
    expect(toastPlacement([], [field(780)], bottomArea, topArea)).toBe('top');
    expect(toastPlacement([field(300)], [field(300), field(790, 40)], bottomArea, topArea)).toBe('top');
  });

  it('when controls are under both areas, covers neither the focused control nor its list', () => {
    expect(toastPlacement([field(300)], [field(60), field(780)], bottomArea, topArea)).toBe('bottom');
    expect(toastPlacement([field(780)], [field(60), field(780)], bottomArea, topArea)).toBe('top');
  });

  it('stays at the bottom when the top area would cover what is in use too', () => {
    expect(toastPlacement([field(60), field(108, 736)], [], bottomArea, topArea)).toBe('bottom');
  });

  it('stays at the bottom left on a wide screen when the field is to the right of the stack', () => {
    const desktopBottom = { top: 680, bottom: 800, left: 0, right: 416 };
    const desktopTop = { top: 0, bottom: 120, left: 0, right: 416 };
    expect(toastPlacement([{ top: 700, bottom: 748, left: 600, right: 1000 }], [], desktopBottom, desktopTop)).toBe(
      'bottom',
    );
  });
});
