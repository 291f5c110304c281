/**
 * Spec 4, "Form submit": a form whose processing key is already active warns and does nothing; otherwise
 * validation runs, and a form that fails it says so (spec 8: both as danger messages).
 */
import { MESSAGES } from '../../../shared/messages.ts';
import type { Notify } from '../notifications/notification-types.ts';

export interface SubmitEvent {
  preventDefault(): void;
}

export interface SubmitSteps {
  /** Whether the form's processing key is active. */
  busy: boolean;
  /** Validates, shows the field errors and sends the values that pass; false when validation stopped the form. */
  validateAndSend: () => boolean;
  notify: Notify;
}

export function submitForm(event: SubmitEvent, { busy, validateAndSend, notify }: SubmitSteps): void {
  if (busy) {
    event.preventDefault();
    notify({ type: 'danger', message: MESSAGES.formStillSubmitting });
    return;
  }
  if (!validateAndSend()) notify({ type: 'danger', message: MESSAGES.correctTheErrors });
}
