/**
 * Requests refused before any route looks at them, answered in the API's `{error}` shape: an address too long
 * to be a page of the shop, a URL that does not decode or decodes to a control character, and what Node's HTTP
 * parser cannot read at all.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The longest path and whole URL the shop answers; the web app's route matching grows with the square of the segments. */
export const MAX_PATH_LENGTH = 2 * 1024;
export const MAX_URL_LENGTH = 8 * 1024;

const TOO_LONG = 'The address is too long';
const NOT_A_URL = 'The address is not a valid URL';

/**
 * The first onRequest hook: an over-long address is answered 414 before any handler runs, so the web app never
 * matches its routes against it (Fastify's own router lookup is linear in the length).
 */
export async function refuseLongUrls(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { url } = request;
  const queryStart = url.indexOf('?');
  const pathLength = queryStart < 0 ? url.length : queryStart;
  if (pathLength > MAX_PATH_LENGTH || url.length > MAX_URL_LENGTH) {
    await reply.code(414).send({ error: TOO_LONG });
  }
}

/** Control characters and the line separators: no page of the shop has them, and React Router's splat stops at a line break. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/**
 * A path that decodes to a control character (`/a%0d%0a`) is answered 400 before any route: the web app's
 * catch-all route does not match it, and React Router would log its "No route matches" with a stack trace.
 */
export async function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Bad percent-encoding is the router's to refuse (answerFrameworkError).
    return;
  }
  if (CONTROL_CHARACTERS.test(decoded)) await reply.code(400).send({ error: NOT_A_URL });
}

/** Fastify's router refusals: bad percent-encoding, a parameter longer than the router takes. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send({ error: TOO_LONG });
  else void reply.code(400).send({ error: NOT_A_URL });
}

/** What Node's HTTP parser refuses (a NUL in the path, oversized headers), answered on the socket itself. */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request could not be read'];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
