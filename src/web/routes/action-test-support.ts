/** What the tests of route actions share: a load context around a fake API, and the action's answer read back. */
import type { ServerApi, ServerApiRequest, ServerApiResponse, ShopLoadContext } from '../../shared/load-context.ts';

export const contextWith = (api: ServerApi): ShopLoadContext => ({
  nonce: 'n',
  brand: 'acme',
  publicUrl: 'https://shop.example.com',
  regionalStoreUrls: {},
  appVersion: '4.8.4',
  search: { nodes: [], apiKey: 'key' },
  serverSearch: { nodes: [], apiKey: 'key' },
  api,
  searchFailed: () => {},
});

/** The arguments React Router hands an action for a post to path (matched by pattern with params). */
export const postArgs = <P extends Record<string, string>>(
  path: string,
  pattern: string,
  params: P,
  init: RequestInit,
  api: ServerApi,
) => {
  const url = new URL(path, 'https://shop.example.com');
  return { request: new Request(url, { method: 'POST', ...init }), url, pattern, params, context: contextWith(api) };
};

/** A fake API that answers every call with answer and records the calls. */
export function fakeApi(answer: ServerApiResponse) {
  const calls: Array<{ path: string; init: ServerApiRequest | undefined }> = [];
  const api: ServerApi = async (path, init) => {
    calls.push({ path, init });
    return answer;
  };
  return { calls, api };
}

/** An action's reply with its status, as React Router's data() makes it. */
interface WithStatus<D> {
  data: D;
  init: ResponseInit | null;
}

/** What the action hands the fetcher: the reply and its status. */
export async function replyOf<D>(response: Promise<WithStatus<D> | Response>) {
  const answered = await response;
  if (answered instanceof Response) throw new Error(`expected a reply, got a ${answered.status} response`);
  return { status: answered.init?.status, reply: answered.data };
}

/** The response the action answers or throws. */
export async function responseOf(response: Promise<unknown>): Promise<Response> {
  const answered: unknown = await response.catch((error: unknown) => error);
  if (!(answered instanceof Response)) throw new Error('expected a response');
  return answered;
}

/**
 * A fake API behind a captcha: the settings the captcha-token call answers (the built-in verifier's token
 * unless said otherwise), and every other call answered with answer.
 */
export function captchaApi(
  answer: ServerApiResponse,
  settings: unknown = { provider: 'built-in', token: 'captcha-token' },
) {
  const calls: Array<{ path: string; init: ServerApiRequest | undefined }> = [];
  const api: ServerApi = async (path, init) => {
    calls.push({ path, init });
    if (path.startsWith('/session-api/captcha-token')) return { status: 200, body: { data: settings } };
    return answer;
  };
  return { calls, api };
}
