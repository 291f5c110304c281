/**
 * The light half of form-flash.ts, without the forms' code, for the footer's plain sign-up form: the hidden
 * field that says where a post without the app's code returns to (the app drops it), and the outcome such a
 * post left in the page's query.
 */
import { MESSAGES } from '../../../shared/messages.ts';

export const RETURN_TO_FIELD = 'return_to';

type TextKey = { [K in keyof typeof MESSAGES]: (typeof MESSAGES)[K] extends string ? K : never }[keyof typeof MESSAGES];

function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(MESSAGES, key) && typeof MESSAGES[key as keyof typeof MESSAGES] === 'string';
}

/** What a post made before the app had started came to, as the query names it (?footer-signup=ok:signupThanks). */
export interface FlashOutcome {
  ok: boolean;
  /** The shop's text the query names; null for a plain 'ok'. */
  text: string | null;
}

/** The outcome the page's query holds for the form named formId, or null when it holds none it can read. */
export function readFlashQuery(searchParams: URLSearchParams, formId: string): FlashOutcome | null {
  const [kind, key = ''] = (searchParams.get(formId) ?? '').split(':');
  if (kind === 'ok') return { ok: true, text: isTextKey(key) ? MESSAGES[key] : null };
  if (kind === 'error' && isTextKey(key)) return { ok: false, text: MESSAGES[key] };
  return null;
}
