import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/api/endpoint.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { ApiError, createApiClient, type ApiClientOptions, type VersionStorage } from './api-client.ts';
import type { AnalyticsEvent } from '../analytics/analytics-types.ts';
import type { NotificationInput } from '../notifications/notification-types.ts';

const BASE_URL = 'http://shop.test';
const VERSION_KEY = 'acme-api-version';

type Responder = (request: Request, attempt: number) => Response | Promise<Response>;

interface Call {
  request: Request;
  at: number;
  body: string;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function memoryStorage(initial: Record<string, string> = {}): VersionStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

function setup(responder: Responder, overrides: Partial<ApiClientOptions> = {}) {
  const calls: Call[] = [];
  const started = Date.now();
  const fetchStub = async (input: Parameters<typeof fetch>[0]) => {
    const request = input instanceof Request ? input : new Request(input);
    calls.push({ request, at: Date.now() - started, body: await request.clone().text() });
    return responder(request, calls.length);
  };
  const notifications: NotificationInput[] = [];
  const events: AnalyticsEvent[] = [];
  const reload = vi.fn();
  const storage = memoryStorage();
  const client = createApiClient({
    brand: 'acme',
    baseUrl: BASE_URL,
    storage,
    notify: (notification) => notifications.push(notification),
    track: (event) => events.push(event),
    reload,
    fetch: fetchStub,
    ...overrides,
  });
  return { client, calls, notifications, events, reload, storage };
}

/**
 * Runs the request to its end under fake timers (retry delays, timeouts) and reports how it ended;
 * whileRunning acts on the request in flight before the clock runs out.
 */
async function settle<T>(
  promise: Promise<T>,
  whileRunning?: () => Promise<void>,
): Promise<{ value?: T; error?: ApiError }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      return { error };
    },
  );
  if (whileRunning) await whileRunning();
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it.each([408, 413, 429, 500, 502, 503, 504])(
    'retries a GET answered %i twice, 0.3 s then 0.6 s later',
    async (status) => {
      const { client, calls } = setup(() => json({ error: 'Busy' }, status));
      const { error } = await settle(client.get('/api/website-config'));
      expect(calls.map((call) => call.at)).toEqual([0, 300, 900]);
      expect(error?.message).toBe('Busy');
      expect(error?.status).toBe(status);
    },
  );

  it('ignores Retry-After: the spec delays decide', async () => {
    const { client, calls } = setup(() => json({}, 429, { 'retry-after': '30' }));
    await settle(client.get('/api/page'));
    expect(calls.map((call) => call.at)).toEqual([0, 300, 900]);
  });

  it.each(['put', 'del'] as const)('retries %s like GET', async (method) => {
    const { client, calls } = setup(() => json({}, 503));
    await settle(method === 'put' ? client.put('/api/account', { name: 'A' }) : client.del('/api/account/addresses/1'));
    expect(calls).toHaveLength(3);
    expect(calls[0]?.request.method).toBe(method === 'put' ? 'PUT' : 'DELETE');
  });

  it('stops retrying once a retry succeeds', async () => {
    const { client, calls, notifications, events } = setup((_request, attempt) =>
      attempt === 1 ? json({}, 502) : json({ data: { ok: true } }),
    );
    const { value } = await settle(client.get<{ data: { ok: boolean } }>('/api/page'));
    expect(value).toEqual({ data: { ok: true } });
    expect(calls).toHaveLength(2);
    expect(notifications).toEqual([]);
    expect(events).toEqual([]);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry a GET answered %i', async (status) => {
    const { client, calls } = setup(() => json({}, status));
    await settle(client.get('/api/page'));
    expect(calls).toHaveLength(1);
  });

  it('never retries a POST, whatever the failure', async () => {
    const unavailable = setup(() => json({}, 503));
    await settle(unavailable.client.post('/session-api/login', { _username: 'a' }));
    expect(unavailable.calls).toHaveLength(1);

    const offline = setup(() => Promise.reject(new TypeError('fetch failed')));
    const { error } = await settle(offline.client.post('/session-api/checkout/get-cart', { cart: [] }));
    expect(offline.calls).toHaveLength(1);
    expect(error?.message).toBe('Network Error');
  });

  it('retries network errors of a GET and then reports Network Error', async () => {
    const { client, calls } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const { error } = await settle(client.get('/api/website-config'));
    expect(calls.map((call) => call.at)).toEqual([0, 300, 900]);
    expect(error?.message).toBe('Network Error');
    expect(error?.status).toBeNull();
  });
});

describe('timeout and aborts', () => {
  /** A server that never answers; the request ends only when its signal aborts. */
  const silent: Responder = (request) =>
    new Promise((_resolve, reject) => {
      if (request.signal.aborted) reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    });

  it('gives up after 10 s with the client text, without retrying', async () => {
    const { client, calls, notifications, events } = setup(silent);
    const { error } = await settle(client.get('/api/page'));
    expect(error?.message).toBe('timeout of 10000 ms exceeded');
    expect(calls).toHaveLength(1);
    expect(notifications).toEqual([{ type: 'danger', message: MESSAGES.apiFailure }]);
    expect(events).toEqual([{ event: 'exception', description: 'timeout of 10000 ms exceeded', fatal: false }]);
  });

  it('reports a request the browser aborted as Request aborted', async () => {
    const { client, notifications } = setup(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    const { error } = await settle(client.get('/api/page'));
    expect(error?.message).toBe('Request aborted');
    expect(notifications).toHaveLength(1);
  });

  it("treats an abort through the caller's own signal as a cancellation: no message, no event", async () => {
    const { client, calls, notifications, events } = setup(silent);
    const controller = new AbortController();
    const { error } = await settle(client.get('/api/page', { signal: controller.signal }), async () => {
      await vi.advanceTimersByTimeAsync(100);
      controller.abort();
    });
    expect(error?.message).toBe('Request aborted');
    expect(error?.cancelled).toBe(true);
    expect(calls).toHaveLength(1);
    expect(notifications).toEqual([]);
    expect(events).toEqual([]);
  });
});

describe('failures', () => {
  it.each([
    ['the error field', { error: 'Promo code has expired', message: 'ignored' }, 'Promo code has expired'],
    ['the message field', { message: 'Invalid address' }, 'Invalid address'],
    ['the message field when error is not text', { error: { code: 7 }, message: 'Invalid address' }, 'Invalid address'],
    ['the client text when neither is there', { detail: 'x' }, 'Request failed with status code 422'],
  ])('uses %s', async (_case, body, message) => {
    const { client } = setup(() => json(body, 422));
    const { error } = await settle(client.post('/api/forms/contact', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.message).toBe(message);
    expect(error?.body).toEqual(body);
    expect(error?.serverText ?? 'Request failed with status code 422').toBe(message);
  });

  it('reads a body that is not JSON as the client text', async () => {
    const { client } = setup(() => new Response('<html>Bad Gateway</html>', { status: 404 }));
    const { error } = await settle(client.get('/api/page'));
    expect(error?.message).toBe('Request failed with status code 404');
    expect(error?.serverText).toBeNull();
  });

  it('shows the danger message and sends an exception event', async () => {
    const { client, notifications, events } = setup(() => json({ error: 'Sold out' }, 409));
    await settle(client.post('/api/cart/add', { sku: 'X' }));
    expect(notifications).toEqual([{ type: 'danger', message: 'Oops an error has occured!' }]);
    expect(events).toEqual([{ event: 'exception', description: 'Sold out', fatal: false }]);
  });

  it('sends the exception event but no message when the call suppresses it', async () => {
    const { client, notifications, events } = setup(() => json({ error: 'Not signed in' }, 401));
    const { error } = await settle(client.get('/session-api/refresh-user', { suppressNotification: true }));
    expect(error?.message).toBe('Not signed in');
    expect(notifications).toEqual([]);
    expect(events).toEqual([{ event: 'exception', description: 'Not signed in', fatal: false }]);
  });
});

describe('success bodies', () => {
  it('forwards messages of a success body and returns the body', async () => {
    const body = {
      data: { promo_code_id: 3 },
      messages: [
        { type: 'success', text: MESSAGES.promoSuccess },
        { type: 'error', text: 'Gift card expired' },
        { type: 'notice', text: 'Free shipping over $50' },
        { type: 'success' },
        'not a message',
      ],
    };
    const { client, notifications } = setup(() => json(body));
    const { value } = await settle(client.post('/session-api/checkout/get-cart', { cart: [] }));
    expect(value).toEqual(body);
    expect(notifications).toEqual([
      { type: 'success', message: MESSAGES.promoSuccess },
      { type: 'danger', message: 'Gift card expired' },
      { type: 'info', message: 'Free shipping over $50' },
    ]);
  });

  it('forwards success=true with a message', async () => {
    const { client, notifications } = setup(() => json({ success: true, message: 'Your address was saved.' }));
    await settle(client.put('/api/account/addresses/1', { city: 'Austin' }));
    expect(notifications).toEqual([{ type: 'success', message: 'Your address was saved.' }]);
  });

  it('does not forward a message without success=true', async () => {
    const { client, notifications } = setup(() => json({ success: false, message: 'Nope' }));
    await settle(client.get('/api/page'));
    expect(notifications).toEqual([]);
  });

  it('returns undefined for an empty body', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    expect((await settle(client.del('/api/account/cards/1'))).value).toBeUndefined();
  });
});

describe('requests', () => {
  it('sends JSON, query parameters and headers to the base URL', async () => {
    const { client, calls } = setup(() => json({ data: {} }));
    await settle(
      client.post(
        '/session-api/checkout/get-cart',
        { cart: [{ sku: 'A', qty: 1 }], code: 'SAVE10' },
        { searchParams: { utm_source: 'news', page: 2 }, headers: { 'x-csrf-token': 't' } },
      ),
    );
    const [call] = calls;
    expect(call?.request.url).toBe('http://shop.test/session-api/checkout/get-cart?utm_source=news&page=2');
    expect(call?.request.method).toBe('POST');
    expect(call?.request.headers.get('content-type')).toBe('application/json');
    expect(call?.request.headers.get('x-csrf-token')).toBe('t');
    expect(JSON.parse(call?.body ?? '')).toEqual({ cart: [{ sku: 'A', qty: 1 }], code: 'SAVE10' });
  });

  it('sends a query string’s parameters with their repeated names', async () => {
    const { client, calls } = setup(() => json({ data: {} }));
    await settle(
      client.post('/session-api/checkout/get-cart', {}, { searchParams: new URLSearchParams('add=A&add=B:2') }),
    );
    expect(calls[0]?.request.url).toBe('http://shop.test/session-api/checkout/get-cart?add=A&add=B%3A2');
  });
});

describe('endpoint calls', () => {
  const addressChange = endpoint({
    method: 'POST',
    path: '/api/orders/:id/:hash/address',
    params: z.object({ id: z.string(), hash: z.string() }),
    body: z.object({ city: z.string() }),
    data: z.object({ number: z.number() }),
  });

  it('sends the endpoint’s method to its path with the parameters filled, and resolves to the data', async () => {
    const { client, calls } = setup(() => json({ data: { number: 1042 } }));
    const { value } = await settle(
      client.call(addressChange, { params: { id: 'o 1', hash: 'h' }, body: { city: 'Reno' } }),
    );
    expect(value).toEqual({ number: 1042 });
    expect(calls[0]?.request.method).toBe('POST');
    expect(calls[0]?.request.url).toBe('http://shop.test/api/orders/o%201/h/address');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ city: 'Reno' });
  });

  it('resolves to the whole body of an endpoint without the envelope, and shows its success message', async () => {
    const signOut = endpoint({
      method: 'GET',
      path: '/session-api/logout',
      data: z.object({ success: z.literal(true), message: z.string() }),
      envelope: false,
    });
    const { client, notifications } = setup(() => json({ success: true, message: 'Signed out.' }));
    const { value } = await settle(client.call(signOut, {}));
    expect(value).toEqual({ success: true, message: 'Signed out.' });
    expect(notifications).toEqual([{ type: 'success', message: 'Signed out.' }]);
  });
});

describe('version tracking', () => {
  function versioned(...versions: string[]): Responder {
    return (_request, attempt) => json({}, 200, { 'acme-version': versions[attempt - 1] ?? '' });
  }

  it('keeps the first version seen without reloading', async () => {
    const { client, reload, storage } = setup(versioned('4.8.4'));
    await settle(client.get('/api/website-config'));
    expect(storage.data.get(VERSION_KEY)).toBe('"4.8.4"');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once when the version rises, and keeps the highest', async () => {
    const { client, reload, storage } = setup(versioned('4.8.4', '4.9.0', '4.10.0', '4.9.5'));
    for (let i = 0; i < 4; i++) await settle(client.get('/api/page'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(VERSION_KEY)).toBe('"4.10.0"');
  });

  it('reloads when the server is newer than the version kept on an earlier visit', async () => {
    const storage = memoryStorage({ [VERSION_KEY]: '"4.8.4"' });
    const { client, reload } = setup(versioned('4.9.0'), { storage });
    await settle(client.get('/api/page'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(VERSION_KEY)).toBe('"4.9.0"');
  });

  it('reloads a tab whose page is older even after another tab stored the new version', async () => {
    const { client, reload, storage } = setup(versioned('4.8.4', '4.9.0'));
    await settle(client.get('/api/page'));
    storage.data.set(VERSION_KEY, '"4.9.0"');
    await settle(client.get('/api/page'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for a lower, equal or malformed version', async () => {
    const { client, reload, storage } = setup(versioned('4.8.4', '4.8.3', '4.8.4', 'garbage', '', '5.0.0-beta', '99'));
    for (let i = 0; i < 6; i++) await settle(client.get('/api/page'));
    expect(reload).not.toHaveBeenCalled();
    expect(storage.data.get(VERSION_KEY)).toBe('"4.8.4"');
  });

  it('ignores a malformed kept value and starts again from the next version', async () => {
    const storage = memoryStorage({ [VERSION_KEY]: 'not json' });
    const { client, reload } = setup(versioned('4.9.0'), { storage });
    await settle(client.get('/api/page'));
    expect(reload).not.toHaveBeenCalled();
    expect(storage.data.get(VERSION_KEY)).toBe('"4.9.0"');
  });

  it('reads the header of non-GET responses only when asked', async () => {
    const storage = memoryStorage({ [VERSION_KEY]: '"4.8.4"' });
    const { client, reload } = setup(versioned('4.9.0', '4.9.0'), { storage });
    await settle(client.post('/session-api/login', {}));
    expect(reload).not.toHaveBeenCalled();
    await settle(client.post('/session-api/login', {}, { trackVersion: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads the header of failed GETs too', async () => {
    const storage = memoryStorage({ [VERSION_KEY]: '"4.8.4"' });
    const { client, reload } = setup(() => json({ error: 'Gone' }, 404, { 'acme-version': '4.9.0' }), { storage });
    await settle(client.get('/api/page'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the version in memory when there is no storage', async () => {
    const { client, reload } = setup(versioned('4.8.4', '4.9.0'), { storage: undefined });
    await settle(client.get('/api/page'));
    await settle(client.get('/api/page'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('survives storage that throws', async () => {
    const broken: VersionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { client, reload } = setup(versioned('4.8.4', '4.9.0'), { storage: broken });
    expect((await settle(client.get('/api/page'))).error).toBeUndefined();
    await settle(client.get('/api/page'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
