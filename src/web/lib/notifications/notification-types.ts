/** The kinds of message the shop shows, as the server's `messages: [{type, text}]` name them. */
export const NOTIFICATION_TYPES = ['success', 'info', 'warning', 'danger'] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A message for the toast area: what the API client and the features hand to the notification store. */
export interface NotificationInput {
  type: NotificationType;
  message: string;
  /** A fixed id replaces an earlier message with the same id instead of stacking (cart-maximum-warning-message). */
  id?: string;
  /** Milliseconds until the message closes itself; MESSAGE_AUTO_CLOSE_MS when absent. */
  closeAfter?: number;
  showClose?: boolean;
}

/** Shows a message; the web app passes its notification store's add, tests a spy. */
export type Notify = (notification: NotificationInput) => void;
