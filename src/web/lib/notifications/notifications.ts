import type { NotificationInput } from './notification-types.ts';
import { createStore, useStore } from '../store.ts';
import {
  addNotification,
  removeNotification,
  toNotificationMessage,
  type NotificationMessage,
} from './notification-rules.ts';

/** The messages in the toast stack, oldest first. */
export const notificationStore = createStore<readonly NotificationMessage[]>([]);

let shown = 0;

/**
 * Shows a message in the toast stack and returns its uuid; a message with the id of a shown one replaces it
 * (and shakes). Only the browser shows messages: on the server the store would be shared by every request.
 */
export function notify(input: NotificationInput): string {
  shown += 1;
  const uuid = `notification-${shown}`;
  if (typeof document === 'undefined') return uuid;
  notificationStore.set((messages) => addNotification(messages, toNotificationMessage(input, uuid)));
  return uuid;
}

export function dismiss(uuid: string): void {
  notificationStore.set((messages) => removeNotification(messages, uuid));
}

/** Dismisses every shown message that `outdated` picks: what a page no longer stands behind (a bag's toast at checkout). */
export function dismissWhere(outdated: (message: NotificationMessage) => boolean): void {
  notificationStore.set((messages) =>
    messages.some(outdated) ? messages.filter((message) => !outdated(message)) : messages,
  );
}

export const useNotifications = () => useStore(notificationStore);
