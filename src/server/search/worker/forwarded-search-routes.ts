/**
 * The search service on the shop's thread when the engine runs in worker threads: every request under the
 * prefix is handed as it came to a worker, which answers it with the search routes themselves
 * (http/search-routes.ts), so each route, present or future, behaves exactly as in this thread. Only the body limits
 * are checked here, so that an oversized body is refused before it is copied to a worker.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT, IMPORT_BODY_LIMIT, readBodiesAndAnswerErrorsAsTypesense } from '../http/search-routes.ts';
import { workerError, type SearchWorkerPool } from './search-worker-pool.ts';

export interface ForwardedSearchRoutesOptions {
  /** What the routes need of the pool: a worker's answer to a request. */
  workers: Pick<SearchWorkerPool, 'forward'>;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Headers that describe this connection, or the body as it came rather than as it is forwarded (decoded). */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'content-encoding',
]);

export const forwardedSearchRoutes: FastifyPluginAsync<ForwardedSearchRoutesOptions> = async (app, { workers }) => {
  readBodiesAndAnswerErrorsAsTypesense(app);

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const answer = await workers.forward({
      method: request.method,
      url: request.url,
      headers,
      ...(typeof request.body === 'string' ? { body: request.body } : {}),
    });
    if (answer.failure)
      request.log.error({ err: workerError(answer.failure.message, answer.failure.stack) }, 'search request failed');
    const body = answer.body;
    return reply
      .code(answer.status)
      .headers(answer.headers)
      .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  };

  // The worker compresses its answers (with the shop's settings): they leave as they come.
  app.route({ method: METHODS, url: '/*', bodyLimit: BODY_LIMIT, compress: false, handler: forward });
  for (const url of ['/collections/:collection/documents/import', '/stemming/dictionaries/import']) {
    app.route({ method: 'POST', url, bodyLimit: IMPORT_BODY_LIMIT, compress: false, handler: forward });
  }
};
