import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import { loadApi, loadOptional } from './load-api.server.ts';

const chartSchema = z.object({ name: z.string(), sizes: z.array(z.string()) });
const chart = { name: 'Boxer Briefs', sizes: ['S', 'M'] };

/** A load context whose API answers every path with the given response. */
const answering = (response: ServerApiResponse) => ({ api: vi.fn(async () => response) });

describe('loadApi', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the data of a 200 body that its schema accepts, typed', async () => {
    const context = answering({ status: 200, body: { data: chart } });
    const loaded: { name: string; sizes: string[] } = await loadApi(
      context,
      '/api/size-charts/boxer-briefs',
      chartSchema,
    );
    expect(loaded).toEqual(chart);
    expect(context.api).toHaveBeenCalledWith('/api/size-charts/boxer-briefs');
  });

  it('throws a 404 for a status the caller names as missing, and a 503 for any other', async () => {
    const missing = answering({ status: 404, body: { error: 'That size guide was not found' } });
    await expect(loadApi(missing, '/api/size-charts/none', chartSchema, { notFound: [404] })).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(loadApi(missing, '/api/size-charts/none', chartSchema)).rejects.toMatchObject({
      init: { status: 503 },
    });
    const refused = answering({ status: 400, body: { error: 'path is not a shop path' } });
    await expect(
      loadApi(refused, '/api/page?path=/shop/x_y', chartSchema, { notFound: [400, 404] }),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
    const failing = answering({ status: 500, body: { error: 'Something went wrong' } });
    await expect(
      loadApi(failing, '/api/size-charts/boxer-briefs', chartSchema, { notFound: [404] }),
    ).rejects.toMatchObject({
      init: { status: 503 },
    });
  });

  it('sends a 401 to sign in when the caller says where, and answers 503 for it otherwise', async () => {
    const signedOut = answering({ status: 401, body: { error: 'You are not signed in' } });
    const thrown: unknown = await loadApi(signedOut, '/session-api/refresh-user', chartSchema, {
      signedOutTo: '/login',
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown instanceof Response && [thrown.status, thrown.headers.get('Location')]).toEqual([302, '/login']);
    await expect(loadApi(signedOut, '/session-api/refresh-user', chartSchema)).rejects.toMatchObject({
      init: { status: 503 },
    });
  });

  it('answers a body its schema rejects with a 503 and logs what was wrong, never a crash', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const body of [{ data: { name: 'Boxer Briefs', sizes: 'S' } }, { chart }, 'Bad Gateway', null]) {
      await expect(
        loadApi(answering({ status: 200, body }), '/api/size-charts/boxer-briefs', chartSchema, { notFound: [404] }),
      ).rejects.toMatchObject({
        init: { status: 503 },
      });
    }
    expect(logged).toHaveBeenCalledTimes(4);
    expect(logged.mock.calls[0]?.[0]).toMatch(
      /^GET \/api\/size-charts\/boxer-briefs answered a body its schema rejects:\n.*sizes/s,
    );
  });

  it('leaves absent content to the schema: data null is an answer, not a failure', async () => {
    const home = answering({ status: 200, body: { data: null } });
    expect(await loadApi(home, '/api/site-content/get/home', z.nullable(chartSchema))).toBeNull();
  });
});

describe('loadOptional', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the data, or null for any failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      await loadOptional(
        answering({ status: 200, body: { data: chart } }),
        '/api/size-charts/boxer-briefs',
        chartSchema,
      ),
    ).toEqual(chart);
    for (const response of [
      { status: 404, body: {} },
      { status: 503, body: {} },
      { status: 200, body: { data: { name: 3 } } },
    ]) {
      expect(await loadOptional(answering(response), '/api/size-charts/boxer-briefs', chartSchema)).toBeNull();
    }
  });
});
