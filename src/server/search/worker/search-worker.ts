/**
 * A search worker thread: its own SearchEngine and the search service's routes (every one of them, whatever
 * search-routes.ts registers), answering the requests and engine calls the shop's thread forwards.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { SearchEngine } from '../engine.ts';
import { SearchError } from '../errors.ts';
import type { SearchRuleKind, SearchRulesStore } from '../http/curation-routes.ts';
import { searchRoutes } from '../http/search-routes.ts';
import type { JsonObject } from '../schema.ts';
import type { KeepRuleRequest, RuleChange, WorkerAnswer, WorkerRequest, WorkerSettings } from './protocol.ts';

const settings = workerData as WorkerSettings;
const port = parentPort;
if (!port) throw new Error('search-worker.ts runs as a worker thread');

/** The forwarded request being answered, which the rule changes it makes are kept under. */
const forwardedRequest = new AsyncLocalStorage<number>();

/** Rule changes the shop's thread is keeping, by this worker's id for them. */
const keeping = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
let nextKeepId = 1;

const keep = (change: RuleChange): Promise<void> => {
  const requestId = forwardedRequest.getStore();
  if (requestId === undefined) return Promise.reject(new Error('A rule change outside a forwarded request'));
  const id = nextKeepId++;
  return new Promise((resolve, reject) => {
    keeping.set(id, { resolve, reject });
    port.postMessage({ kind: 'keep-rule', id, requestId, change } satisfies KeepRuleRequest);
  });
};

/** Keeps the API's rule writes through the shop's thread, which saves each once whichever worker asks first. */
const rulesKeptByTheShop: SearchRulesStore = {
  save: (kind: SearchRuleKind, collection: string, id: string, definition: JsonObject) =>
    keep({ operation: 'save', kind, collection, id, definition }),
  remove: (kind: SearchRuleKind, collection: string, id: string) => keep({ operation: 'remove', kind, collection, id }),
};

const engine = new SearchEngine({ searchCutoffMs: settings.searchCutoffMs });
// The shop's thread enforces the body limits; a forwarded body is never larger than they allow.
const app = Fastify({ logger: false, bodyLimit: Number.MAX_SAFE_INTEGER });
await app.register(searchRoutes, {
  prefix: settings.prefix,
  engine,
  searchKey: settings.searchKey,
  adminKey: settings.adminKey,
  ...(settings.keepsRules ? { rules: rulesKeptByTheShop } : {}),
});
await app.ready();

async function answer(message: Exclude<WorkerRequest, { kind: 'kept' }>): Promise<unknown> {
  if (message.kind === 'http') {
    const { method, url, headers, body } = message.request;
    const response = await forwardedRequest.run(message.id, () =>
      app.inject({ method: method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body }) }),
    );
    return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
  }
  const method = engine[message.method];
  if (typeof method !== 'function') throw new Error(`SearchEngine has no method ${message.method}`);
  return Reflect.apply(method, engine, message.args) as unknown;
}

port.on('message', (message: WorkerRequest) => {
  if (message.kind === 'kept') {
    const waiting = keeping.get(message.id);
    keeping.delete(message.id);
    if (message.error === null) waiting?.resolve();
    else waiting?.reject(new Error(message.error));
    return;
  }
  answer(message).then(
    (value): void => port.postMessage({ id: message.id, ok: true, value } satisfies WorkerAnswer),
    (error: unknown): void => {
      const status = error instanceof SearchError ? error.status : null;
      port.postMessage({ id: message.id, ok: false, status, message: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer);
    },
  );
});
