import { describe, expect, it, vi } from 'vitest';
import type { NotificationInput } from '../notifications/notification-types.ts';
import { submitForm } from './submit-rules.ts';

function submit(busy: boolean, passes: boolean) {
  const event = { preventDefault: vi.fn() };
  const validateAndSend = vi.fn(() => passes);
  const shown: NotificationInput[] = [];
  submitForm(event, { busy, validateAndSend, notify: (message) => shown.push(message) });
  return { event, validateAndSend, shown };
}

describe('submitForm (spec 4, form submit)', () => {
  it('while the processing key is active, warns and neither validates nor sends', () => {
    const { event, validateAndSend, shown } = submit(true, true);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(validateAndSend).not.toHaveBeenCalled();
    expect(shown).toEqual([{ type: 'danger', message: 'Please wait for the form to finish submitting.' }]);
  });

  it('reports an error when validation fails', () => {
    const { validateAndSend, shown } = submit(false, false);
    expect(validateAndSend).toHaveBeenCalledOnce();
    expect(shown).toEqual([{ type: 'danger', message: 'Please correct the errors.' }]);
  });

  it('says nothing when the values pass', () => {
    const { event, shown } = submit(false, true);
    expect(shown).toEqual([]);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
