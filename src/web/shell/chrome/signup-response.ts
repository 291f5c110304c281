/**
 * What the footer's sign-up form shows for the server's answer: success bodies carry `messages: [{type,
 * text}]` (spec 7) or `success: true` with a `message`; a 4xx carries the reason in `error`. Anything else
 * (5xx, no answer, an unreadable body) is the shop's generic failure.
 */
import { MESSAGES } from '../../../shared/messages.ts';

export type SignupOutcome = { ok: true; text: string } | { ok: false; text: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function successText(body: unknown): string {
  if (!isRecord(body)) return MESSAGES.signupThanks;
  const texts: string[] = [];
  for (const entry of Array.isArray(body.messages) ? body.messages : []) {
    if (isRecord(entry) && entry.type === 'success' && typeof entry.text === 'string') texts.push(entry.text);
  }
  if (texts.length > 0) return texts.join(' ');
  return typeof body.message === 'string' && body.message !== '' ? body.message : MESSAGES.signupThanks;
}

function errorText(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (typeof body.error === 'string' && body.error !== '') return body.error;
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  return null;
}

/** status is null when no response arrived. */
export function signupOutcome(status: number | null, body: unknown): SignupOutcome {
  if (status !== null && status >= 200 && status < 300) return { ok: true, text: successText(body) };
  if (status !== null && status >= 400 && status < 500) return { ok: false, text: errorText(body) ?? MESSAGES.apiFailure };
  return { ok: false, text: MESSAGES.apiFailure };
}
