/**
 * Requests refused before any route looks at them, answered in the API's `{error}` shape: an address too long
 * to be a page of the shop, a URL that does not decode, and what Node's HTTP parser cannot read at all.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The longest path and whole URL the shop answers; the web app's route matching grows with the square of the segments. */
export const MAX_PATH_LENGTH = 2 * 1024;
export const MAX_URL_LENGTH = 8 * 1024;

const TOO_LONG = 'The address is too long';

/** The first onRequest hook: an over-long address is answered 414 before routing or rendering. */
export async function refuseLongUrls(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { url } = request.raw;
  const queryStart = url?.indexOf('?') ?? -1;
  const pathLength = queryStart < 0 ? (url?.length ?? 0) : queryStart;
  if (pathLength > MAX_PATH_LENGTH || (url?.length ?? 0) > MAX_URL_LENGTH) {
    await reply.code(414).send({ error: TOO_LONG });
  }
}

/** Fastify's router refusals: bad percent-encoding, a parameter longer than the router takes. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send({ error: TOO_LONG });
  else void reply.code(400).send({ error: 'The address is not a valid URL' });
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
