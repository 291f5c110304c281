/**
 * A form that lives on every page (the footer's sign-up) posts to a resource route. Sent by the app's code, the
 * route answers the fetcher; sent by the browser itself, before the code has started, it sends the shopper
 * back to the page they were on, with the outcome in the query (?footer-signup=ok:signupThanks) and the hash
 * on the form, so the page the server renders shows it there.
 *
 * The query names a message, never carries its text: a link cannot make the shop say something it never says.
 */
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
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

/** Any origin would do: a return path is resolved against it and must stay on it. */
const SHOP_ORIGIN = 'http://shop.invalid';

/**
 * The path return_to names, as the URL parser resolves it, when it stays inside the shop; otherwise null. The
 * parser is what a browser reading the Location runs: it drops tabs and newlines, reads `\` as `/`, and resolves
 * `/.//host`, `/%2e//host` and `/../..//host` to `//host`, another site. So the resolved path must resolve to
 * the shop again, not only the value as given.
 */
function pathInsideShop(value: string): string | null {
  if (!value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, SHOP_ORIGIN);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === SHOP_ORIGIN && new URL(path, SHOP_ORIGIN).origin === SHOP_ORIGIN ? path : null;
}

/**
 * Where a post made without the app's code sends the shopper back: the page return_to names when it is inside
 * the shop, the home page when it names anything else, and null when the form carries none (the app posted it).
 */
export function returnPath(formData: FormData): string | null {
  const value = formData.get(RETURN_TO_FIELD);
  if (value === null) return null;
  return (typeof value === 'string' ? pathInsideShop(value) : null) ?? PATHS.home;
}

/** The page to send the shopper back to, with the reply's outcome for the form named formId. */
export function flashUrl(path: string, formId: string, reply: FormReply): string {
  const url = new URL(path, 'http://shop.invalid');
  const error = replyError(reply);
  const notice = textKeys().get(reply.notice ?? '');
  url.searchParams.set(
    formId,
    error !== null ? `error:${textKeys().get(error) ?? 'apiFailure'}` : notice ? `ok:${notice}` : 'ok',
  );
  url.hash = formId;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The reply a page's query holds for the form named formId, or null when it holds none it can read. */
export function readFlash(searchParams: URLSearchParams, formId: string): FormReply | null {
  const flash = readFlashQuery(searchParams, formId);
  if (!flash) return null;
  if (!flash.ok) return failedReply(flash.text ?? MESSAGES.apiFailure);
  return flash.text === null
    ? { result: { status: 'success' } }
    : { result: { status: 'success' }, notice: flash.text };
}
