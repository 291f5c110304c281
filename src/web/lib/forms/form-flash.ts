/**
 * A form that lives on every page (the footer's sign-up) posts to a resource route. Sent by the app's code, the
 * route answers the fetcher; sent by the browser itself, before the code has started, it sends the shopper
 * back to the page they were on, with the outcome in the query (?footer-signup=ok:signupThanks) and the hash
 * on the form, so the page the server renders shows it there.
 *
 * The query names a message, never carries its text: a link cannot make the shop say something it never says.
 */
import { MESSAGES } from '../../../shared/messages.ts';
import { failedReply, replyError, type FormReply } from './form-reply.ts';
import { readFlashQuery, RETURN_TO_FIELD } from './flash-query.ts';
import { lazily } from '../../../shared/lazily.ts';

/** Each of the shop's texts by its key in MESSAGES, for naming it in a query. */
const textKeys = lazily(() => {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(MESSAGES)) {
    if (typeof value === 'string') keys.set(value, key);
  }
  return keys;
});

/** A path on this site to send the shopper back to, or null: never another origin (//host, /\host). */
export function returnPath(formData: FormData): string | null {
  const value = formData.get(RETURN_TO_FIELD);
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** The page to send the shopper back to, with the reply's outcome for the form named formId. */
export function flashUrl(path: string, formId: string, reply: FormReply): string {
  const url = new URL(path, 'http://shop.invalid');
  const error = replyError(reply);
  const notice = textKeys().get(reply.notice ?? '');
  url.searchParams.set(formId, error !== null ? `error:${textKeys().get(error) ?? 'apiFailure'}` : notice ? `ok:${notice}` : 'ok');
  url.hash = formId;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The reply a page's query holds for the form named formId, or null when it holds none it can read. */
export function readFlash(searchParams: URLSearchParams, formId: string): FormReply | null {
  const flash = readFlashQuery(searchParams, formId);
  if (!flash) return null;
  if (!flash.ok) return failedReply(flash.text ?? MESSAGES.apiFailure);
  return flash.text === null ? { result: { status: 'success' } } : { result: { status: 'success' }, notice: flash.text };
}
