/**
 * A search worker thread: its own SearchEngine and the search service's routes (every one of them, whatever
 * search-routes.ts registers), answering the requests and engine calls the shop's thread forwards.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { SearchEngine } from '../engine.ts';
import { SearchError } from '../errors.ts';
import { searchRoutes } from '../http/search-routes.ts';
import type { WorkerAnswer, WorkerRequest, WorkerSettings } from './protocol.ts';

const settings = workerData as WorkerSettings;
const port = parentPort;
if (!port) throw new Error('search-worker.ts runs as a worker thread');

const engine = new SearchEngine({ searchCutoffMs: settings.searchCutoffMs });
// The shop's thread enforces the body limits; a forwarded body is never larger than they allow.
const app = Fastify({ logger: false, bodyLimit: Number.MAX_SAFE_INTEGER });
await app.register(searchRoutes, { prefix: settings.prefix, engine, searchKey: settings.searchKey, adminKey: settings.adminKey });
await app.ready();

async function answer(message: WorkerRequest): Promise<unknown> {
  if (message.kind === 'http') {
    const { method, url, headers, body } = message.request;
    const response = await app.inject({ method: method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body }) });
    return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
  }
  const method = engine[message.method];
  if (typeof method !== 'function') throw new Error(`SearchEngine has no method ${message.method}`);
  return Reflect.apply(method, engine, message.args) as unknown;
}

port.on('message', (message: WorkerRequest) => {
  answer(message).then(
    (value): void => port.postMessage({ id: message.id, ok: true, value } satisfies WorkerAnswer),
    (error: unknown): void => {
      const status = error instanceof SearchError ? error.status : null;
      port.postMessage({ id: message.id, ok: false, status, message: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer);
    },
  );
});
