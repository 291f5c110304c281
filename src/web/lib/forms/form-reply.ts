/**
 * What a form's route action answers, on the server and in the browser alike: the submission parsed with the
 * form's shared schema (src/shared/validators.ts), and the API's answer turned into messages at the fields
 * or on the form.
 */
import { parse, type Submission, type SubmissionResult } from '@conform-to/react';
import type * as z from 'zod/mini';
import { MESSAGES } from '../../../shared/messages.ts';
import { checkForm } from '../../../shared/validators.ts';

/** The field errors by name, '' holding the form's own message, as Conform keeps them. */
export type FormResult = SubmissionResult<string[]>;

export interface FormReply {
  result: FormResult;
  /** What the form says when the server has taken it (the body's success messages). */
  notice?: string;
}

/** The form's values parsed with its schema: each field's first broken rule, or the schema's value. */
export function parseForm<S extends z.ZodMiniType>(
  formData: FormData | URLSearchParams,
  schema: S,
): Submission<z.output<S>> {
  return parse(formData, {
    resolve(payload) {
      const checked = checkForm(schema, payload);
      if (checked.ok) return { value: checked.value };
      return { error: Object.fromEntries(Object.entries(checked.errors).map(([name, message]) => [name, [message]])) };
    },
  });
}

/** The form could not be sent or answered: the shop's failure text on the form, the values kept. */
export const failedReply = (text: string = MESSAGES.apiFailure): FormReply => ({
  result: { status: 'error', error: { '': [text] } },
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Success bodies carry `messages: [{type, text}]` (spec 7) or `success: true` with a `message`. */
function successText(body: unknown, fallback: string): string {
  if (!isRecord(body)) return fallback;
  const texts: string[] = [];
  for (const entry of Array.isArray(body.messages) ? body.messages : []) {
    if (isRecord(entry) && entry.type === 'success' && typeof entry.text === 'string') texts.push(entry.text);
  }
  if (texts.length > 0) return texts.join(' ');
  return typeof body.message === 'string' && body.message !== '' ? body.message : fallback;
}

/** A 4xx carries the reason in `error` (or `message`); anything else is the shop's generic failure. */
function errorText(status: number | null, body: unknown): string {
  if (status === null || status < 400 || status >= 500 || !isRecord(body)) return MESSAGES.apiFailure;
  if (typeof body.error === 'string' && body.error !== '') return body.error;
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  return MESSAGES.apiFailure;
}

export interface ApiAnswer {
  /** null when no response arrived. */
  status: number | null;
  body: unknown;
}

export interface ReplyOptions {
  /** What the form says on success when the body says nothing. */
  success: string;
  /** The field a refusal belongs to, when the API's text names one; otherwise it is the form's. */
  fieldOf?: (text: string) => string | undefined;
  /** Fields whose values never go back into the page (passwords). */
  hideFields?: string[];
}

/** A 4xx's `fields` (`{"shipping_address.postcode": "Zip code required"}`): each field's message, or null. */
function fieldTexts(status: number | null, body: unknown): Record<string, string[]> | null {
  if (status === null || status < 400 || status >= 500 || !isRecord(body) || !isRecord(body.fields)) return null;
  const entries = Object.entries(body.fields).flatMap(([name, text]): Array<[string, string[]]> =>
    typeof text === 'string' && text !== '' ? [[name, [text]]] : [],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** The API's answer to a valid submission, as the form shows it; a refusal naming its fields puts each message at its field. */
export function replyFromApi<T>(submission: Submission<T>, answer: ApiAnswer, options: ReplyOptions): FormReply {
  const { status, body } = answer;
  const hidden = options.hideFields ? { hideFields: options.hideFields } : {};
  if (status !== null && status >= 200 && status < 300)
    return { result: submission.reply(hidden), notice: successText(body, options.success) };
  const fieldErrors = fieldTexts(status, body);
  if (fieldErrors) return { result: submission.reply({ fieldErrors, ...hidden }) };
  const text = errorText(status, body);
  const field = options.fieldOf?.(text);
  return {
    result: submission.reply({ ...(field ? { fieldErrors: { [field]: [text] } } : { formErrors: [text] }), ...hidden }),
  };
}

/** The status an action answers with: a refusal keeps the API's 4xx; no answer, or a failure of the API itself, is 503. */
export function replyStatus({ status }: ApiAnswer): number {
  if (status !== null && status < 400) return 200;
  return status !== null && status < 500 ? status : 503;
}

/** The first message of a reply, at a field or on the form, or null when it has none. */
export function replyError(reply: FormReply | null | undefined): string | null {
  for (const messages of Object.values(reply?.result.error ?? {})) {
    if (messages?.[0]) return messages[0];
  }
  return null;
}
