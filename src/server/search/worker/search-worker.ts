/**
 * A search worker thread: its own SearchEngine and the search service's routes (every one of them, whatever
 * search-routes.ts registers), answering the requests and engine calls the shop's thread forwards.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { compressingOnThisThread, RESPONSE_COMPRESSION } from '../../response-compression.ts';
import { SearchEngine } from '../engine.ts';
import { SearchError } from '../errors.ts';
import type { SearchRuleKind, SearchRulesStore } from '../http/curation-routes.ts';
import { searchRoutes } from '../http/search-routes.ts';
import type { JsonObject } from '../index/schema.ts';
import type {
  ForwardedResponse,
  KeepRuleRequest,
  RuleChange,
  WorkerAnswer,
  WorkerError,
  WorkerRequest,
  WorkerSettings,
} from './protocol.ts';
import { lowerThisThreadsPriority } from './thread-priority.ts';

const settings = workerData as WorkerSettings;
lowerThisThreadsPriority(settings.nice);
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

/** The errors behind the 500s of forwarded requests being answered, by request id, for the shop's log. */
const failures = new Map<number, WorkerError>();

const crossing = (error: Error): WorkerError => ({
  message: error.message,
  ...(error.stack === undefined ? {} : { stack: error.stack }),
});

const engine = new SearchEngine({ searchCutoffMs: settings.searchCutoffMs });
// The shop's thread enforces the body limits; a forwarded body is never larger than they allow.
const app = Fastify({ logger: false, bodyLimit: Number.MAX_SAFE_INTEGER });
// Answers leave compressed, as the shop's own do, but by this thread, at its priority: a flood of large search
// answers then costs the shop's thread only their sending.
await app.register(compress, { ...RESPONSE_COMPRESSION, zlib: compressingOnThisThread });
await app.register(searchRoutes, {
  prefix: settings.prefix,
  engine,
  searchKey: settings.searchKey,
  adminKey: settings.adminKey,
  ...(settings.keepsRules ? { rules: rulesKeptByTheShop } : {}),
  onServerError: (error) => {
    const requestId = forwardedRequest.getStore();
    if (requestId !== undefined) failures.set(requestId, crossing(error));
  },
});
await app.ready();

/** Headers of the worker's own connection, which the shop's thread sets for its own. */
const CONNECTION_HEADERS = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'date']);

async function answer(message: Exclude<WorkerRequest, { kind: 'kept' }>): Promise<unknown> {
  if (message.kind === 'http') {
    const { method, url, headers, body } = message.request;
    const response = await forwardedRequest.run(message.id, () =>
      app.inject({ method: method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body }) }),
    );
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !CONNECTION_HEADERS.has(name)) answerHeaders[name] = String(value);
    }
    const failure = failures.get(message.id);
    failures.delete(message.id);
    return {
      status: response.statusCode,
      headers: answerHeaders,
      body: response.rawPayload,
      ...(failure ? { failure } : {}),
    } satisfies ForwardedResponse;
  }
  const method = engine[message.method];
  if (typeof method !== 'function') throw new Error(`SearchEngine has no method ${message.method}`);
  return Reflect.apply(method, engine, message.args) as unknown;
}

/** A body that owns its whole memory moves to the shop's thread instead of being copied (a small one shares Node's pool). */
function transferable(value: unknown): ArrayBuffer[] {
  if (typeof value !== 'object' || value === null || !('body' in value) || !(value.body instanceof Uint8Array))
    return [];
  const { buffer, byteLength } = value.body;
  return buffer instanceof ArrayBuffer && buffer.byteLength === byteLength ? [buffer] : [];
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
    (value): void => port.postMessage({ id: message.id, ok: true, value } satisfies WorkerAnswer, transferable(value)),
    (error: unknown): void => {
      const status = error instanceof SearchError ? error.status : null;
      const crossed: WorkerError = error instanceof Error ? crossing(error) : { message: String(error) };
      port.postMessage({ id: message.id, ok: false, status, ...crossed } satisfies WorkerAnswer);
    },
  );
});
