import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LogFn, Logger } from 'pino';
import { loggableError } from './errors.ts';
import { redactUrl } from './redact.ts';

/** One JSON line a request, written when it completes, with secrets taken out of the URL. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: loggableError(error, request.url) }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/** A shopper closing a page mid-stream: the stream plugins report it as the error `premature close`. */
function isClientGone(value: unknown): boolean {
  const error = value instanceof Error ? value : value && typeof value === 'object' ? Reflect.get(value, 'err') : null;
  if (!(error instanceof Error)) return false;
  const code: unknown = Reflect.get(error, 'code');
  return (typeof code === 'string' && CLIENT_GONE_CODES.has(code)) || error.message === 'premature close';
}

const ERROR_LEVEL = 50;

/**
 * pino's logMethod hook: a client that went away before its response was complete is routine, so the error
 * lines plugins write for it (compression's stream pipeline logs one with a stack) become one debug line.
 */
export function quietClientGone(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  if (level >= ERROR_LEVEL && isClientGone(args[0])) {
    this.debug('the client closed the connection before its response was complete');
    return;
  }
  method.apply(this, args);
}
