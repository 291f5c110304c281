/**
 * How loaders read the server's JSON API (the load context's in-process `api`): the `{data}` of a 200 answer,
 * checked against its schema from src/shared. Critical data throws the response the page answers instead;
 * optional data (a page that can do without it) is null on any failure.
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

/** The API's answer as a loader sees it: its data, or the status it failed with (null: a body its schema rejects). */
type ApiReading<T> = { ok: true; data: T } | { ok: false; status: number | null };

const envelope = z.object({ data: z.unknown() });

/** A 200 body read: its data, or the error that says how the body breaks what the caller expects. */
type BodyReading<T> = { success: true; data: T } | { success: false; error: z.core.$ZodError };

async function readApi<T>(
  api: ServerApi,
  path: string,
  read: (body: unknown) => BodyReading<T>,
  method: AnyEndpoint['method'] = 'GET',
  requestBody?: unknown,
): Promise<ApiReading<T>> {
  const response = await (method === 'GET' ? api(path) : api(path, { method, body: requestBody }));
  if (response.status !== 200) return { ok: false, status: response.status };
  const parsed = read(response.body);
  if (parsed.success) return { ok: true, data: parsed.data };
  console.error(`${method} ${path} answered a body its schema rejects:\n${z.prettifyError(parsed.error)}`);
  return { ok: false, status: null };
}

/** Reads the `{data}` of a body through the schema. */
const dataThrough =
  <T>(schema: z.ZodMiniType<T>) =>
  (responseBody: unknown): BodyReading<T> => {
    const body = envelope.safeParse(responseBody);
    return body.success ? schema.safeParse(body.data.data) : body;
  };

/**
 * Critical data: the page cannot show without it. A status the caller names as missing is a 404, a 401 goes to
 * sign in when the caller says where, and anything else (a body its schema rejects too) is a 503.
 */
export async function loadApi<T>(
  context: { api: ServerApi },
  path: string,
  schema: z.ZodMiniType<T>,
  { notFound = [], signedOutTo }: LoadApiOptions = {},
): Promise<T> {
  return orThrow(await readApi(context.api, path, dataThrough(schema)), { notFound, signedOutTo });
}

/** The data read, or the response the page answers instead. */
function orThrow<T>(reading: ApiReading<T>, { notFound = [], signedOutTo }: LoadApiOptions): T {
  if (reading.ok) return reading.data;
  if (reading.status === 401 && signedOutTo) throw redirect(signedOutTo);
  if (reading.status !== null && notFound.includes(reading.status)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

/** Optional data: the page shows without it, so any failure is null. */
export async function loadOptional<T>(
  context: { api: ServerApi },
  path: string,
  schema: z.ZodMiniType<T>,
): Promise<T | null> {
  const reading = await readApi(context.api, path, dataThrough(schema));
  return reading.ok ? reading.data : null;
}

/** Reads the endpoint: the data of its 200 response, checked against its contract. */
function readEndpoint<E extends AnyEndpoint>(api: ServerApi, endpoint: E, input: CallInput<E>) {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
  const read = (responseBody: unknown) => readResponse(endpoint, responseBody);
  return readApi(api, endpointUrl(endpoint, params, query), read, endpoint.method, body);
}

/** Critical data from an endpoint: as loadApi, a status the caller names as missing is a 404. */
export async function loadEndpoint<E extends AnyEndpoint>(
  context: { api: ServerApi },
  endpoint: E,
  input: CallInput<E>,
  options: LoadApiOptions = {},
): Promise<DataOf<E>> {
  return orThrow(await readEndpoint(context.api, endpoint, input), options);
}

/** Optional data from an endpoint: null on any failure. */
export async function loadOptionalEndpoint<E extends AnyEndpoint>(
  context: { api: ServerApi },
  endpoint: E,
  input: CallInput<E>,
): Promise<DataOf<E> | null> {
  const reading = await readEndpoint(context.api, endpoint, input);
  return reading.ok ? reading.data : null;
}
