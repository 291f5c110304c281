/** What every form's route action does around its own work: read the post, and answer it the way it came. */
import type { Submission } from '@conform-to/react';
import { data, redirect } from 'react-router';
import * as z from 'zod/mini';
import {
  endpointUrl,
  readResponse,
  type AnyEndpoint,
  type CallInput,
  type DataOf,
} from '../../../shared/api/endpoint.ts';
import type { ServerApi, ServerApiRequest } from '../../../shared/load-context.ts';
import { flashUrl, returnPath } from './form-flash.ts';
import { failedReply, replyFromApi, replyStatus, type ApiAnswer, type FormReply } from './form-reply.ts';

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
  return Response.json(
    { error: 'This address takes a form posted to it' },
    { status: 405, headers: { allow: 'POST' } },
  );
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

/** The API's answer to a form's call; a call that got no answer (the API failed) is a null status. */
export const askApi = (api: ServerApi, path: string, init?: ServerApiRequest): Promise<ApiAnswerWithCookies> =>
  api(path, init).catch(() => ({ status: null, body: undefined }));

/** The endpoint's response to a form's call: askApi's, with the data of a 200 read through its contract. */
export type EndpointAnswer<E extends AnyEndpoint> = ApiAnswerWithCookies & { data?: DataOf<E> };

/**
 * Calls the endpoint for a form (askApi with the endpoint's method and path). A 200 whose body the contract
 * rejects is a failure, as a call that got no response.
 */
export async function askEndpoint<E extends AnyEndpoint>(
  api: ServerApi,
  endpoint: E,
  input: CallInput<E>,
): Promise<EndpointAnswer<E>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
  const path = endpointUrl(endpoint, params, query);
  const answer = await askApi(api, path, { method: endpoint.method, body });
  if (answer.status !== 200) return answer;
  const read = readResponse(endpoint, answer.body);
  if (read.success) return { ...answer, data: read.data };
  console.error(`${endpoint.method} ${path} answered a body its contract rejects:\n${z.prettifyError(read.error)}`);
  return { status: null, body: undefined };
}

/** Posts a form's call to the API (askApi with the form's fields as its body). */
export const postToApi = (api: ServerApi, path: string, body: Record<string, unknown>) =>
  askApi(api, path, { method: 'POST', body });

export interface ChangeOptions<E extends object> {
  /** The page the form is on: a done change goes back to it, with its notice under the flash of flashId. */
  back: string;
  flashId: string;
  /** What the page says once the change is done. */
  success: string;
  /** Where a 401 (the session has ended) sends the shopper: to sign in again. */
  signedOutTo: string;
  /** What the reply carries besides the form's result (which form of the page it answers). */
  extra: E;
}

/**
 * A change a page's form makes through the API. Done, the shopper is back on the page with the notice in the
 * query (the fetcher follows the redirect, which also closes the step the query had open, and the page's data
 * is read again); refused, the reply says why at the fields or on the form, with the refusal's status.
 */
export function answerChange<T, E extends object>(
  submission: Submission<T>,
  answer: ApiAnswer,
  options: ChangeOptions<E>,
) {
  if (answer.status === 401) return redirect(options.signedOutTo, 303);
  if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
    return redirect(
      flashUrl(options.back, options.flashId, { result: submission.reply(), notice: options.success }),
      303,
    );
  }
  return data<FormReply & E>(
    { ...replyFromApi(submission, answer, { success: options.success }), ...options.extra },
    { status: replyStatus(answer) },
  );
}
