/**
 * The search engine off the shop's event loop: worker threads (node:worker_threads), each holding the whole
 * index and the search service's routes. Searches go to the least busy worker; everything that changes the
 * index goes to every worker, in the same order, and is answered when all have applied it. A synonym or
 * override written through the API is kept here, once, before any worker applies it.
 */
import { Worker } from 'node:worker_threads';
import { entryModule } from '../../entry-module.ts';
import type { SearchEngine } from '../engine.ts';
import { SearchError } from '../errors.ts';
import type { SearchRulesStore } from '../http/curation-routes.ts';
import type {
  EngineMethod,
  ForwardedRequest,
  ForwardedResponse,
  KeepRuleRequest,
  RuleChange,
  SearchEngineCalls,
  WorkerMessage,
  WorkerRequest,
  WorkerSettings,
} from './protocol.ts';

/** Engine methods that change nothing: one worker answers them. */
const READ_METHODS: ReadonlySet<EngineMethod> = new Set<EngineMethod>([
  'hasCollection',
  'getCollection',
  'listCollections',
  'getDocument',
  'getOverride',
  'listOverrides',
  'hasOverride',
  'getSynonym',
  'listSynonyms',
  'hasSynonym',
  'listStemmingDictionaries',
  'getStemmingDictionary',
  'search',
  'multiSearch',
]);

/** Requests that change nothing: GET and HEAD, and multi_search, a search sent as POST. */
const isReadRequest = (request: ForwardedRequest): boolean =>
  request.method === 'GET' ||
  request.method === 'HEAD' ||
  (request.method === 'POST' && /\/multi_search(\?|$)/.test(request.url));

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

class SearchWorker {
  readonly pending = new Map<number, Pending>();
  private stopped: Error | null = null;

  constructor(
    private readonly thread: Worker,
    keepRule: (request: KeepRuleRequest) => Promise<void>,
  ) {
    thread.on('message', (answer: WorkerMessage) => {
      if ('kind' in answer) {
        keepRule(answer).then(
          () => this.post({ id: answer.id, kind: 'kept', error: null }),
          (error: unknown) =>
            this.post({ id: answer.id, kind: 'kept', error: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.value);
      else
        waiting.reject(
          answer.status === null
            ? workerError(answer.message, answer.stack)
            : new SearchError(answer.status, answer.message),
        );
    });
    thread.on('error', (error) => this.stop(error));
    thread.on('exit', (code) => this.stop(new Error(`The search worker stopped (exit code ${code})`)));
  }

  send(message: WorkerRequest): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.thread.postMessage(message);
    });
  }

  private post(message: WorkerRequest): void {
    if (!this.stopped) this.thread.postMessage(message);
  }

  stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }

  async terminate(): Promise<void> {
    this.stop(new Error('The search workers were closed'));
    await this.thread.terminate();
  }
}

export interface SearchWorkerPoolOptions extends Omit<WorkerSettings, 'keepsRules'> {
  /** How many workers; each holds a whole copy of the index. */
  workers: number;
  /** Keeps the synonyms and overrides written through the API (the shop's database). */
  rules?: SearchRulesStore;
}

export class SearchWorkerPool implements SearchEngineCalls {
  private readonly workers: SearchWorker[];
  private nextId = 1;
  /** Where the search for the least busy worker starts, turning, so that idle workers take turns. */
  private turn = 0;
  private readonly rules: SearchRulesStore | undefined;
  /** The rule change each forwarded request is keeping: every worker applies the request, one save serves them all. */
  private readonly keptByRequest = new Map<number, Promise<void>>();

  constructor(options: SearchWorkerPoolOptions) {
    const { workers, rules, ...rest } = options;
    this.rules = rules;
    const settings: WorkerSettings = { ...rest, keepsRules: rules !== undefined };
    const entry = entryModule(import.meta.url, 'search-worker');
    const keepRule = (request: KeepRuleRequest) => this.keepRule(request);
    this.workers = Array.from(
      { length: Math.max(1, workers) },
      () => new SearchWorker(new Worker(entry, { workerData: settings }), keepRule),
    );
  }

  /** Answers an HTTP request of the search service as its routes in a worker answer it. */
  async forward(request: ForwardedRequest): Promise<ForwardedResponse> {
    return (await this.dispatch(isReadRequest(request), (id) => ({ id, kind: 'http', request }))) as ForwardedResponse;
  }

  async call<Method extends EngineMethod>(
    method: Method,
    ...args: Parameters<SearchEngine[Method]>
  ): Promise<ReturnType<SearchEngine[Method]>> {
    return (await this.dispatch(READ_METHODS.has(method), (id) => ({ id, kind: 'call', method, args }))) as ReturnType<
      SearchEngine[Method]
    >;
  }

  /** Ends the workers; what they had not answered fails. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private async dispatch(isRead: boolean, message: (id: number) => WorkerRequest): Promise<unknown> {
    const id = this.nextId++;
    if (isRead) {
      this.turn = (this.turn + 1) % this.workers.length;
      let leastBusy = this.workers[this.turn] as SearchWorker;
      for (const worker of this.workers) if (worker.pending.size < leastBusy.pending.size) leastBusy = worker;
      return leastBusy.send(message(id));
    }
    try {
      const [first] = await Promise.all(this.workers.map((worker) => worker.send(message(id))));
      return first;
    } finally {
      this.keptByRequest.delete(id);
    }
  }

  /** Keeps a rule change once per forwarded request: the first worker to ask saves it, the others wait for that. */
  private keepRule({ requestId, change }: KeepRuleRequest): Promise<void> {
    let kept = this.keptByRequest.get(requestId);
    if (!kept) {
      kept = this.rules ? saveChange(this.rules, change) : Promise.resolve();
      this.keptByRequest.set(requestId, kept);
    }
    return kept;
  }
}

function saveChange(rules: SearchRulesStore, change: RuleChange): Promise<void> {
  return change.operation === 'save'
    ? rules.save(change.kind, change.collection, change.id, change.definition)
    : rules.remove(change.kind, change.collection, change.id);
}

/** A worker's error in this thread, with the worker's stack: that is where it happened. */
export function workerError(message: string, stack: string | undefined): Error {
  const error = new Error(message);
  if (stack !== undefined) error.stack = stack;
  return error;
}

/** The same calls on an engine in this thread (tests that look into the engine, benchmarks). */
export function inThreadEngine(engine: SearchEngine): SearchEngineCalls {
  return {
    call: async (method, ...args) => Reflect.apply(engine[method], engine, args),
  };
}
