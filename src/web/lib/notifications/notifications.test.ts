import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/messages.ts';
import { dismiss, dismissWhere, notificationStore, notify } from './notifications.ts';

describe('notify and dismiss', () => {
  beforeEach(() => {
    vi.stubGlobal('document', {});
    notificationStore.set([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a message that closes after 5000 ms with a close button', () => {
    const uuid = notify({ type: 'success', message: MESSAGES.itemAdded });
    expect(notificationStore.get()).toEqual([
      { id: undefined, type: 'success', message: MESSAGES.itemAdded, showClose: true, closeAfter: 5000, uuid },
    ]);
  });

  it('replaces the message with the same id under a new uuid', () => {
    const first = notify({ id: 'cart-maximum-warning-message', type: 'danger', message: 'first' });
    notify({ type: 'info', message: 'other' });
    const second = notify({ id: 'cart-maximum-warning-message', type: 'danger', message: 'second' });
    expect(second).not.toBe(first);
    expect(notificationStore.get().map((shown) => [shown.uuid, shown.message])).toEqual([
      [second, 'second'],
      [expect.any(String), 'other'],
    ]);
  });

  it('dismisses the messages a page no longer stands behind, and leaves the others', () => {
    notify({ type: 'success', message: MESSAGES.itemAdded });
    const kept = notify({ type: 'info', message: 'kept' });
    dismissWhere((shown) => shown.message === MESSAGES.itemAdded);
    expect(notificationStore.get().map((shown) => shown.uuid)).toEqual([kept]);
    const before = notificationStore.get();
    dismissWhere(() => false);
    expect(notificationStore.get()).toBe(before);
  });

  it('dismisses by uuid', () => {
    const a = notify({ type: 'info', message: 'a' });
    const b = notify({ type: 'info', message: 'b' });
    dismiss(a);
    expect(notificationStore.get().map((shown) => shown.uuid)).toEqual([b]);
    dismiss(a);
    expect(notificationStore.get()).toHaveLength(1);
  });

  it('shows nothing on the server', () => {
    vi.unstubAllGlobals();
    notify({ type: 'danger', message: 'not for everyone' });
    expect(notificationStore.get()).toEqual([]);
  });
});
