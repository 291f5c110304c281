/**
 * What the shop's thread and a search worker say to each other: HTTP requests of the search service, and calls
 * of SearchEngine methods (the indexer's), each answered once under its id; and the other way, a worker's
 * request to keep a synonym or override written through the API, answered once under its own id.
 */
import type { SearchEngine } from '../engine.ts';
import type { SearchRuleKind } from '../http/curation-routes.ts';
import type { JsonObject } from '../index/schema.ts';

/** The names of SearchEngine's methods. */
export type EngineMethod = {
  [Name in keyof SearchEngine]: SearchEngine[Name] extends (...args: never[]) => unknown ? Name : never;
}[keyof SearchEngine];

export interface ForwardedRequest {
  method: string;
  /** Path and query string, as the shop received them (with the service's prefix). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ForwardedResponse {
  status: number;
  /** The answer's headers but those of its connection and length (content-type, and content-encoding and vary when compressed). */
  headers: Record<string, string>;
  /** The body as sent: compressed in the worker when the request accepts it, as the shop compresses its answers. */
  body: Uint8Array;
  /** The error behind a 500, for the shop's log: the worker has none, and the answer never carries it. */
  failure?: WorkerError;
}

/** An error as it crosses to the shop's thread; its stack starts with its name. */
export interface WorkerError {
  message: string;
  stack?: string;
}

export type WorkerRequest =
  | { id: number; kind: 'http'; request: ForwardedRequest }
  | { id: number; kind: 'call'; method: EngineMethod; args: unknown[] }
  | { id: number; kind: 'kept'; error: string | null };

export type WorkerAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; status: number | null; message: string; stack?: string };

/** A rule write to keep, or a rule to forget, as SearchRulesStore's save and remove take them. */
export type RuleChange =
  | { operation: 'save'; kind: SearchRuleKind; collection: string; id: string; definition: JsonObject }
  | { operation: 'remove'; kind: SearchRuleKind; collection: string; id: string };

/**
 * A worker asks the shop's thread to keep a rule change; `requestId` is the forwarded request that made it,
 * which every worker applies, so that the change is kept once. The answer comes back as a 'kept' request.
 */
export interface KeepRuleRequest {
  kind: 'keep-rule';
  id: number;
  requestId: number;
  change: RuleChange;
}

export type WorkerMessage = WorkerAnswer | KeepRuleRequest;

export interface WorkerSettings {
  prefix: string;
  searchKey: string;
  adminKey: string;
  searchCutoffMs: number;
  /** The worker thread's nice value on Linux (thread-priority.ts). */
  nice: number;
  /** The shop's thread keeps the synonyms and overrides written through the API (in the shop's database). */
  keepsRules: boolean;
}

/** SearchEngine's methods as the shop's thread calls them: the same, answered later. */
export interface SearchEngineCalls {
  call<Method extends EngineMethod>(
    method: Method,
    ...args: Parameters<SearchEngine[Method]>
  ): Promise<ReturnType<SearchEngine[Method]>>;
}
