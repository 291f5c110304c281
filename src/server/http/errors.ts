import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnreachable } from '../db/connection-errors.ts';
import { redactUrl } from './redact.ts';

/** An error whose message is meant for the caller: it becomes a 4xx body `{error}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} was not found`);

/** The one answer to a method and path no route serves. */
export async function noRoute(request: FastifyRequest): Promise<never> {
  throw new HttpError(404, `No API route for ${request.method} ${request.url.split('?')[0]}`);
}

/** Fastify's own client errors (bad JSON, wrong content type, oversize body) and file errors carry a 4xx statusCode. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request body has an unsupported content type';
  }
  switch (error.statusCode) {
    case 412:
      return 'The file has changed since it was read';
    case 416:
      return 'The requested range is not satisfiable';
    default:
      return error.message;
  }
}

/** A field and what is wrong with it; a wildcard parameter is the path after the route's prefix. */
function describeIssue(field: string, message: string): string {
  return `${field === '*' ? 'path' : field}: ${message}`;
}

export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is invalid';
  return issue.path.length ? describeIssue(issue.path.join('.'), issue.message) : issue.message;
}

/** A route schema's refusal names the field, or the part of the request (body, querystring) when it is the whole. */
function describeValidationError(error: FastifyError): string {
  const issue = error.validation?.[0];
  if (!issue) return 'The request is invalid';
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  return describeIssue(field || (error.validationContext ?? 'request'), issue.message ?? 'is invalid');
}

/** Headers a client error carries for its answer, such as a refused range's Content-Range. */
function errorHeaders(error: FastifyError): Record<string, string> {
  const headers: unknown = Reflect.get(error, 'headers');
  if (!headers || typeof headers !== 'object') return {};
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * What a failed request leaves in the log: a copy of the error with its name, code, message and stack only, as
 * its other fields can hold the request's raw URL (Node's URL errors keep their `input`), and with that URL's
 * secrets taken out of the message and stack.
 */
export function loggableError(error: Error, rawUrl: string): Error {
  const redact = (text: string) => (rawUrl ? text.split(rawUrl).join(redactUrl(rawUrl)) : text);
  const copy = new Error(redact(error.message));
  copy.name = error.name;
  copy.stack = error.stack === undefined ? undefined : redact(error.stack);
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? Object.assign(copy, { code }) : copy;
}

/** The answer while the database cannot be reached (it is restarting or failing over): worth trying again soon. */
export const DATABASE_UNREACHABLE = 'The shop cannot reach its database just now. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole server: clear 4xx bodies, 503 while the database cannot be reached (its
 * connection's failure is logged once by db/connection-watch.ts, not by every request), 5xx without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ error: describeValidationError(error) });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ error: describeZodError(error) });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    if (isDatabaseUnreachable(error)) {
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: DATABASE_UNREACHABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .headers(errorHeaders(error))
        .send({ error: clientErrorMessage(error) });
    }
    request.log.error({ url: redactUrl(request.url), err: loggableError(error, request.url) }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler(noRoute);
}
