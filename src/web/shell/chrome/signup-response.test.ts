import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.ts';
import { signupOutcome } from './signup-response.ts';

describe('signupOutcome', () => {
  it('shows the success messages of the body', () => {
    expect(signupOutcome(200, { messages: [{ type: 'success', text: 'You are on the list.' }] })).toEqual({ ok: true, text: 'You are on the list.' });
    expect(signupOutcome(201, { messages: [{ type: 'info', text: 'x' }, { type: 'success', text: 'A.' }, { type: 'success', text: 'B.' }] })).toEqual({
      ok: true,
      text: 'A. B.',
    });
    expect(signupOutcome(200, { success: true, message: 'Subscribed.' })).toEqual({ ok: true, text: 'Subscribed.' });
    expect(signupOutcome(204, undefined)).toEqual({ ok: true, text: MESSAGES.signupThanks });
  });

  it('shows the error of a 4xx body', () => {
    expect(signupOutcome(400, { error: 'Value is not a valid email address' })).toEqual({ ok: false, text: 'Value is not a valid email address' });
    expect(signupOutcome(429, { message: 'Too many requests' })).toEqual({ ok: false, text: 'Too many requests' });
    expect(signupOutcome(422, 'nope')).toEqual({ ok: false, text: 'Oops an error has occured!' });
  });

  it('falls back to the generic failure on 5xx and network errors', () => {
    expect(signupOutcome(500, { error: 'stack trace' })).toEqual({ ok: false, text: 'Oops an error has occured!' });
    expect(signupOutcome(null, undefined)).toEqual({ ok: false, text: 'Oops an error has occured!' });
  });
});
