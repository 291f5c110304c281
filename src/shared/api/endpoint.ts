/**
 * One endpoint of the JSON API, defined once for everyone who speaks it: the server registers its route from it
 * (src/server/http/serve-endpoint.ts), loaders and actions call it in process (src/web/lib/load-api.server.ts,
 * src/web/lib/forms/form-action.ts) and the browser's client fetches it (src/web/lib/api/api-client.ts). The
 * schemas are zod/mini so the browser can carry them within its script budget.
 */
import * as z from 'zod/mini';

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
  /** What a 200 response carries in its `{data}`, or the whole body when the endpoint has no envelope. */
  data: Schema<Data>;
  /**
   * False when the 200 body is the data itself rather than `{data}`: the spec's success bodies
   * (`{success: true, message}`, `{success: true, data: {user}}`), which the browser's client reads whole.
   */
  envelope?: false;
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

/** The schema of the endpoint's whole 200 body: `{data}` around its data, or the data alone without the envelope. */
export const responseSchema = (endpoint: Pick<AnyEndpoint, 'data' | 'envelope'>): Schema =>
  endpoint.envelope === false ? endpoint.data : z.object({ data: endpoint.data });

/** A 200 body read through the endpoint's contract: its data, or the error that says how the body breaks it. */
export function readResponse<E extends AnyEndpoint>(
  endpoint: E,
  body: unknown,
): { success: true; data: DataOf<E> } | { success: false; error: z.core.$ZodError } {
  const read = responseSchema(endpoint).safeParse(body);
  if (!read.success) return read;
  return { success: true, data: dataOfResponse(endpoint, read.data) };
}

/** The data of a 200 body that matches the endpoint's contract. */
export const dataOfResponse = <E extends AnyEndpoint>(endpoint: E, body: unknown): DataOf<E> =>
  (endpoint.envelope === false ? body : (body as { data: unknown }).data) as DataOf<E>;

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
  // A final `*` (Fastify's wildcard) is the parameter '*', which may span segments: its slashes stay.
  const filled = path.replace(/:([A-Za-z_]\w*)|\*$/g, (whole, name: string | undefined) => {
    const value = params[name ?? whole];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name ?? whole}`);
    return name ? encodeURIComponent(value) : value.split('/').map(encodeURIComponent).join('/');
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
