/**
 * What the shop's thread and a search worker say to each other: HTTP requests of the search service, and calls
 * of SearchEngine methods (the indexer's), each answered once under its id.
 */
import type { SearchEngine } from '../engine.ts';

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
  contentType: string;
  body: string;
}

export type WorkerRequest =
  | { id: number; kind: 'http'; request: ForwardedRequest }
  | { id: number; kind: 'call'; method: EngineMethod; args: unknown[] };

export type WorkerAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; status: number | null; message: string };

export interface WorkerSettings {
  prefix: string;
  searchKey: string;
  adminKey: string;
  searchCutoffMs: number;
}

/** SearchEngine's methods as the shop's thread calls them: the same, answered later. */
export interface SearchEngineCalls {
  call<Method extends EngineMethod>(method: Method, ...args: Parameters<SearchEngine[Method]>): Promise<ReturnType<SearchEngine[Method]>>;
}
