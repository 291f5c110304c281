/** What every form's route action does around its own work: read the post, and answer it the way it came. */
import { data, redirect } from 'react-router';
import type { ServerApi } from '../../../shared/load-context.ts';
import { flashUrl, returnPath } from './form-flash.ts';
import { failedReply, type ApiAnswer, type FormReply } from './form-reply.ts';

/** The posted form; a body that is not one is a 400, as the API answers bad input. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw Response.json({ error: 'The body is not a form (send it as form data)' }, { status: 400 });
  }
}

/**
 * Posted by the app's code, the reply goes back to the fetcher with its status; posted by the browser itself,
 * before the code had started, the shopper goes back to the page with the outcome in the query.
 */
export function answerForm(formData: FormData, formId: string, reply: FormReply, status: number) {
  const back = returnPath(formData);
  if (back !== null) return redirect(flashUrl(back, formId, reply), 303);
  return data(reply, { status });
}

/** A GET on a form's action: the address takes posts only. */
export function postOnly(): Response {
  return Response.json({ error: 'This address takes a form posted to it' }, { status: 405, headers: { allow: 'POST' } });
}

/**
 * A form's clientAction: the server's answer, and a fetch that never got one (offline, a dropped connection)
 * said on the form rather than on an error page. A redirect the action answers is followed.
 */
export async function answerOrFail<T>(serverAction: () => Promise<T>): Promise<T | FormReply> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return failedReply();
  }
}

/** The API's answer with the cookies it set (signing in starts a session), for the action to hand on. */
export type ApiAnswerWithCookies = ApiAnswer & { setCookies?: string[] };

/** Posts a form's call to the API; a call that fails without an answer has status null, which the form says as the shop's failure. */
export function postToApi(api: ServerApi, path: string, body: Record<string, unknown>): Promise<ApiAnswerWithCookies> {
  return api(path, { method: 'POST', body }).catch(() => ({ status: null, body: undefined }));
}
