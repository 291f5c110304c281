/**
 * One endpoint of the JSON API, defined once for everyone who speaks it: the server registers its route from it
 * (src/server/http/serve-endpoint.ts), loaders and actions call it in process (src/web/lib/load-api.server.ts,
 * src/web/lib/forms/form-action.ts) and the browser's client fetches it (src/web/lib/api/api-client.ts). The
 * schemas are zod/mini so the browser can carry them within its script budget.
 */
import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A schema of what an endpoint takes or responds with. */
type Schema<T = unknown> = z.ZodMiniType<T>;

export interface Endpoint<
  Params extends Record<string, string> = Record<string, string>,
  Query = unknown,
  Body = unknown,
  Data = unknown,
> {
  method: HttpMethod;
  /** The full path from the origin in Fastify's pattern, `:name` for a parameter: `/api/orders/:id/:hash`. */
  path: string;
  params?: Schema<Params>;
  query?: Schema<Query>;
  body?: Schema<Body>;
  /** What a 200 response carries in its `{data}`. */
  data: Schema<Data>;
}

/** Any endpoint, whatever it takes and responds with. */
// The parameters are the widest types each position allows, so every endpoint is assignable to it.
export type AnyEndpoint = Endpoint<Record<string, string>, unknown, unknown, unknown>;

export type ParamsOf<E> = E extends { params: Schema<infer P> } ? P : Record<string, never>;
export type QueryOf<E> = E extends { query: Schema } ? z.input<E['query']> : undefined;
export type BodyOf<E> = E extends { body: Schema } ? z.input<E['body']> : undefined;
export type DataOf<E> = E extends { data: Schema<infer D> } ? D : never;

/** Keeps the literal types of a definition while checking it is an endpoint. */
export const endpoint = <const E extends AnyEndpoint>(definition: E): E => definition;

/** What a call to an endpoint needs besides the endpoint: the path's parameters, the query and the body. */
export type CallInput<E> = (ParamsOf<E> extends Record<string, never>
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/** The endpoint's path with its parameters filled in and the query appended, as a request names it. */
export function endpointUrl(
  { path }: Pick<AnyEndpoint, 'path'>,
  params: Record<string, string> = {},
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
