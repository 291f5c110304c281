/**
 * The one HTTP client of the web app (spec sections 7 to 9): fetch with the spec's timeout and retry policy,
 * the `{brand}-version` header that reloads the page when the server's version rises, failures turned into
 * one error shape with a danger message and an exception event, and success messages forwarded.
 */
import {
  dataOfResponse,
  endpointUrl,
  type AnyEndpoint,
  type CallInput,
  type DataOf,
} from '../../../shared/api/endpoint.ts';
import { compareVersions, versionHeader } from '../../../shared/app-version.ts';
import {
  HTTP_RETRY_FIRST_DELAY_MS,
  HTTP_RETRY_LIMIT,
  HTTP_RETRY_METHODS,
  HTTP_RETRY_STATUS_CODES,
  HTTP_TIMEOUT_MS,
} from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { storageKeys } from '../../../shared/storage-keys.ts';
import type { Track } from '../analytics/analytics-types.ts';
import { NOTIFICATION_TYPES, type NotificationType, type Notify } from '../notifications/notification-types.ts';

/** The HTTP client's own texts of spec section 8. */
export const HTTP_CLIENT_MESSAGES = {
  network: 'Network Error',
  timeout: `timeout of ${HTTP_TIMEOUT_MS} ms exceeded`,
  aborted: 'Request aborted',
  status: (status: number) => `Request failed with status code ${status}`,
} as const;

/** The part of local storage the client needs; absent on the server. */
export type VersionStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ApiClientOptions {
  brand: string;
  /** Prefixed to every path; omitted in the browser, where paths resolve against the page. */
  baseUrl?: string;
  storage?: VersionStorage;
  notify: Notify;
  track: Track;
  /** Reloads the page; called once, when the server reports a higher version than the one kept. */
  reload: () => void;
  fetch?: typeof fetch;
}

/** Query parameters, added to the path's own: by name, or a query string's parameters with their repeated names. */
export type SearchParams = Record<string, string | number | boolean> | URLSearchParams;

export interface RequestOptions {
  searchParams?: SearchParams;
  headers?: Record<string, string>;
  /** No danger message on failure (the exception event is still sent). */
  suppressNotification?: boolean;
  signal?: AbortSignal;
  /** Read the version header although the request is not a GET. */
  trackVersion?: boolean;
}

export interface ApiClient {
  /** Calls an endpoint of src/shared/api and resolves to the data of its 200 response (unchecked: the server's). */
  call<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>, options?: RequestOptions): Promise<DataOf<E>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** Every failure of the client: the message to show or log, the HTTP status and body when there was a response. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number | null = null,
    readonly body: unknown = undefined,
    /** Aborted through the caller's own signal: no message, no exception event. */
    readonly cancelled = false,
  ) {
    super(message);
  }

  /** The server's own words (the body's error or message field), or null when it gave none. */
  get serverText(): string | null {
    return serverTextOf(this.body);
  }
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** An answer outside 2xx, once the retries are spent. */
class HttpFailure extends Error {
  constructor(readonly response: Response) {
    super(HTTP_CLIENT_MESSAGES.status(response.status));
  }
}

/** The spec's time limit for a call, its retries and their waits included, ran out. */
class TimedOut extends Error {}

const RETRIED_METHODS: readonly string[] = HTTP_RETRY_METHODS;

/** Waits before a retry; a call aborted meanwhile stops waiting. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { notify, track } = options;
  const versions = versionKeeper(options);
  const header = versionHeader(options.brand);
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input: Request) => fetch(input));

  /**
   * One call: up to HTTP_RETRY_LIMIT retries of the spec's methods, for the spec's statuses and for failures
   * to reach the server, waiting 0.3 s and then 0.6 s (a Retry-After header is not waited for); timeouts and
   * aborts are never retried. HTTP_TIMEOUT_MS bounds the whole call.
   */
  async function exchange(
    method: Method,
    url: string,
    init: RequestInit,
    requestOptions: RequestOptions,
  ): Promise<Response> {
    const controller = new AbortController();
    const caller = requestOptions.signal;
    const forwardAbort = () => controller.abort(caller?.reason);
    if (caller?.aborted) forwardAbort();
    caller?.addEventListener('abort', forwardAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, HTTP_TIMEOUT_MS);
    const watchesVersion = method === 'get' || requestOptions.trackVersion === true;
    try {
      for (let attempt = 0; ; attempt++) {
        let outcome: Response | unknown;
        try {
          outcome = await fetchImpl(
            new Request(url, { ...init, method: method.toUpperCase(), signal: controller.signal }),
          );
        } catch (error) {
          outcome = error;
        }
        if (timedOut) throw new TimedOut();
        if (outcome instanceof Response && watchesVersion) versions.observe(outcome.headers.get(header));
        const failed = outcome instanceof Response ? !outcome.ok : true;
        if (!failed) return outcome as Response;
        const retryable =
          attempt < HTTP_RETRY_LIMIT &&
          RETRIED_METHODS.includes(method) &&
          (outcome instanceof Response ? isRetryStatus(outcome.status) : isNetworkError(outcome));
        if (!retryable) throw outcome instanceof Response ? new HttpFailure(outcome) : outcome;
        try {
          await pause(HTTP_RETRY_FIRST_DELAY_MS * 2 ** attempt, controller.signal);
        } catch (aborted) {
          if (timedOut) throw new TimedOut();
          throw aborted;
        }
      }
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', forwardAbort);
    }
  }

  async function send<T>(method: Method, path: string, body: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    try {
      const query = requestOptions.searchParams ? queryOf(requestOptions.searchParams) : '';
      const url = `${baseUrl}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
      const headers = new Headers({ accept: 'application/json', ...requestOptions.headers });
      if (body !== undefined) headers.set('content-type', 'application/json');
      const response = await exchange(
        method,
        url,
        { headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
        requestOptions,
      );
      const data = await readBody(response);
      forwardMessages(data, notify);
      return data as T;
    } catch (error) {
      const failure = await toApiError(error, requestOptions.signal);
      if (!failure.cancelled) {
        if (!requestOptions.suppressNotification) notify({ type: 'danger', message: MESSAGES.apiFailure });
        track({ event: 'exception', description: failure.message, fatal: false });
      }
      throw failure;
    }
  }

  return {
    async call(endpoint, input, requestOptions) {
      const { params, query, body } = input as {
        params?: Record<string, string>;
        query?: Record<string, string>;
        body?: unknown;
      };
      const method = endpoint.method.toLowerCase() as Method;
      const response = await send<unknown>(method, endpointUrl(endpoint, params, query), body, requestOptions);
      return dataOfResponse(endpoint, response);
    },
    get: (path, requestOptions) => send('get', path, undefined, requestOptions),
    post: (path, body, requestOptions) => send('post', path, body, requestOptions),
    put: (path, body, requestOptions) => send('put', path, body, requestOptions),
    del: (path, requestOptions) => send('delete', path, undefined, requestOptions),
  };
}

function queryOf(searchParams: SearchParams): string {
  if (searchParams instanceof URLSearchParams) return searchParams.toString();
  return new URLSearchParams(Object.entries(searchParams).map(([name, value]) => [name, String(value)])).toString();
}

/**
 * Keeps the highest version the server has reported, in local storage so a page opened from an old cache
 * notices a release made since the last visit, and in memory so a tab still notices a rise that another
 * tab has already stored.
 */
function versionKeeper({ brand, storage, reload }: ApiClientOptions) {
  const key = storageKeys(brand).apiVersion;
  let known: string | null | undefined;
  let reloaded = false;

  function stored(): string | null {
    try {
      const raw = storage?.getItem(key) ?? null;
      const value: unknown = raw === null ? null : JSON.parse(raw);
      return typeof value === 'string' && isVersion(value) ? value : null;
    } catch {
      return null;
    }
  }

  function store(version: string) {
    try {
      storage?.setItem(key, JSON.stringify(version));
    } catch {
      // Storage full or blocked: the version is still kept in memory for this page.
    }
  }

  return {
    observe(version: string | null) {
      if (version === null || !isVersion(version)) return;
      if (known === undefined) known = stored();
      if (known !== null && compareVersions(version, known) <= 0) return;
      const rose = known !== null;
      known = version;
      store(version);
      if (rose && !reloaded) {
        reloaded = true;
        reload();
      }
    },
  };
}

/** compareVersions ranks anything that is not a dotted version below everything, '' included. */
function isVersion(value: string): boolean {
  return compareVersions(value, '') > 0;
}

function isRetryStatus(status: number): boolean {
  return (HTTP_RETRY_STATUS_CODES as readonly number[]).includes(status);
}

/** fetch rejects with a TypeError when no response arrives (offline, DNS, CORS, connection reset). */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(error: unknown, signal: AbortSignal | undefined): Promise<ApiError> {
  if (error instanceof HttpFailure) {
    const status = error.response.status;
    const body = await readBody(error.response).catch(() => undefined);
    return new ApiError(serverTextOf(body) ?? HTTP_CLIENT_MESSAGES.status(status), status, body);
  }
  if (error instanceof TimedOut) return new ApiError(HTTP_CLIENT_MESSAGES.timeout);
  if (signal?.aborted) return new ApiError(HTTP_CLIENT_MESSAGES.aborted, null, undefined, true);
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError(HTTP_CLIENT_MESSAGES.aborted);
  return new ApiError(HTTP_CLIENT_MESSAGES.network);
}

/** Spec 8: the error field or else the message field of a failure's body. */
function serverTextOf(body: unknown): string | null {
  return bodyText(body, 'error') ?? bodyText(body, 'message') ?? null;
}

function bodyText(body: unknown, field: 'error' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `messages: [{type, text}]` and `{success: true, message}` of a success body become notifications. */
function forwardMessages(body: unknown, notify: Notify) {
  if (typeof body !== 'object' || body === null) return;
  const { messages, success, message } = body as Record<string, unknown>;
  if (Array.isArray(messages)) {
    for (const entry of messages as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { type, text } = entry as Record<string, unknown>;
      if (typeof text === 'string' && text !== '') notify({ type: notificationType(type), message: text });
    }
  }
  if (success === true && typeof message === 'string' && message !== '') notify({ type: 'success', message });
}

/** Server types outside the toast's four ('error', 'notice') map to the nearest one. */
function notificationType(type: unknown): NotificationType {
  if ((NOTIFICATION_TYPES as readonly unknown[]).includes(type)) return type as NotificationType;
  return type === 'error' ? 'danger' : 'info';
}
