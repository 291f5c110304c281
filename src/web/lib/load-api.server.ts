/**
 * How loaders read the server's JSON API (the load context's in-process `api`): an endpoint of src/shared/api, the
 * data of its 200 response checked against its contract. Critical data throws the response the page answers
 * instead; optional data (a page that can do without it) is null on any failure.
 */
import { data, redirect } from 'react-router';
import * as z from 'zod/mini';
import { endpointUrl, readResponse, type AnyEndpoint, type CallInput, type DataOf } from '../../shared/api/endpoint.ts';
import type { ServerApi } from '../../shared/load-context.ts';

export interface LoadApiOptions {
  /** API statuses that mean the thing the address names does not exist: the page answers 404. */
  notFound?: readonly number[];
  /** Where a 401 (not signed in) sends the shopper. */
  signedOutTo?: string;
}

/** A loader's reading of a response: its data, or the status it failed with (null: a body the contract rejects). */
type Reading<T> = { ok: true; data: T } | { ok: false; status: number | null };

/** Reads the endpoint: the data of its 200 response, checked against its contract. */
async function readEndpoint<E extends AnyEndpoint>(
  api: ServerApi,
  endpoint: E,
  input: CallInput<E>,
): Promise<Reading<DataOf<E>>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
  const path = endpointUrl(endpoint, params, query);
  const response = await (endpoint.method === 'GET' ? api(path) : api(path, { method: endpoint.method, body }));
  if (response.status !== 200) return { ok: false, status: response.status };
  const read = readResponse(endpoint, response.body);
  if (read.success) return { ok: true, data: read.data };
  console.error(`${endpoint.method} ${path} answered a body its contract rejects:\n${z.prettifyError(read.error)}`);
  return { ok: false, status: null };
}

/** The data read, or the response the page answers instead. */
function orThrow<T>(reading: Reading<T>, { notFound = [], signedOutTo }: LoadApiOptions): T {
  if (reading.ok) return reading.data;
  if (reading.status === 401 && signedOutTo) throw redirect(signedOutTo);
  if (reading.status !== null && notFound.includes(reading.status)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

/**
 * Critical data: the page cannot show without it. A status the caller names as missing is a 404, a 401 goes to
 * sign in when the caller says where, and anything else (a body the contract rejects too) is a 503.
 */
export async function loadEndpoint<E extends AnyEndpoint>(
  context: { api: ServerApi },
  endpoint: E,
  input: CallInput<E>,
  options: LoadApiOptions = {},
): Promise<DataOf<E>> {
  return orThrow(await readEndpoint(context.api, endpoint, input), options);
}

/** Optional data: the page shows without it, so any failure is null. */
export async function loadOptionalEndpoint<E extends AnyEndpoint>(
  context: { api: ServerApi },
  endpoint: E,
  input: CallInput<E>,
): Promise<DataOf<E> | null> {
  const reading = await readEndpoint(context.api, endpoint, input);
  return reading.ok ? reading.data : null;
}
