import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../shared/api/endpoint.ts';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import { loadEndpoint, loadOptionalEndpoint } from './load-api.server.ts';

const chartSchema = z.object({ name: z.string(), sizes: z.array(z.string()) });
const chart = { name: 'Boxer Briefs', sizes: ['S', 'M'] };

const sizeChart = endpoint({
  method: 'GET',
  path: '/api/size-charts/:name',
  params: z.object({ name: z.string() }),
  data: chartSchema,
});
const boxerBriefs = { params: { name: 'boxer-briefs' } };

/** A load context whose API answers every path with the given response. */
const answering = (response: ServerApiResponse) => ({ api: vi.fn(async () => response) });

describe('loadEndpoint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('responds with the data of a 200 body its contract accepts, typed', async () => {
    const context = answering({ status: 200, body: { data: chart } });
    const loaded: { name: string; sizes: string[] } = await loadEndpoint(context, sizeChart, boxerBriefs);
    expect(loaded).toEqual(chart);
    expect(context.api).toHaveBeenCalledWith('/api/size-charts/boxer-briefs');
  });

  it('posts the body of an endpoint that takes one', async () => {
    const lookup = endpoint({
      method: 'POST',
      path: '/api/lookups',
      body: z.object({ code: z.string() }),
      data: chartSchema,
    });
    const context = answering({ status: 200, body: { data: chart } });
    expect(await loadEndpoint(context, lookup, { body: { code: 'abc' } })).toEqual(chart);
    expect(context.api).toHaveBeenCalledWith('/api/lookups', { method: 'POST', body: { code: 'abc' } });
  });

  it('throws a 404 for a status the caller names as missing, and a 503 for any other', async () => {
    const missing = answering({ status: 404, body: { error: 'That size guide was not found' } });
    await expect(loadEndpoint(missing, sizeChart, boxerBriefs, { notFound: [404] })).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(loadEndpoint(missing, sizeChart, boxerBriefs)).rejects.toMatchObject({ init: { status: 503 } });
    const refused = answering({ status: 400, body: { error: 'name is not a size guide name' } });
    await expect(loadEndpoint(refused, sizeChart, boxerBriefs, { notFound: [400, 404] })).rejects.toMatchObject({
      init: { status: 404 },
    });
    const failing = answering({ status: 500, body: { error: 'Something went wrong' } });
    await expect(loadEndpoint(failing, sizeChart, boxerBriefs, { notFound: [404] })).rejects.toMatchObject({
      init: { status: 503 },
    });
  });

  it('sends a 401 to sign in when the caller says where, and responds 503 for it otherwise', async () => {
    const signedOut = answering({ status: 401, body: { error: 'You are not signed in' } });
    const thrown: unknown = await loadEndpoint(signedOut, sizeChart, boxerBriefs, { signedOutTo: '/login' }).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown instanceof Response && [thrown.status, thrown.headers.get('Location')]).toEqual([302, '/login']);
    await expect(loadEndpoint(signedOut, sizeChart, boxerBriefs)).rejects.toMatchObject({ init: { status: 503 } });
  });

  it('responds 503 to a body its contract rejects and logs what was wrong, never a crash', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const body of [{ data: { name: 'Boxer Briefs', sizes: 'S' } }, { chart }, 'Bad Gateway', null]) {
      await expect(
        loadEndpoint(answering({ status: 200, body }), sizeChart, boxerBriefs, { notFound: [404] }),
      ).rejects.toMatchObject({ init: { status: 503 } });
    }
    expect(logged).toHaveBeenCalledTimes(4);
    expect(logged.mock.calls[0]?.[0]).toMatch(
      /^GET \/api\/size-charts\/boxer-briefs answered a body its contract rejects:\n.*sizes/s,
    );
  });

  it('leaves absent content to the contract: data null is a response, not a failure', async () => {
    const home = endpoint({ method: 'GET', path: '/api/site-content/get/home', data: z.nullable(chartSchema) });
    expect(await loadEndpoint(answering({ status: 200, body: { data: null } }), home, {})).toBeNull();
  });
});

describe('loadOptionalEndpoint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('responds with the data, or null for any failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      await loadOptionalEndpoint(answering({ status: 200, body: { data: chart } }), sizeChart, boxerBriefs),
    ).toEqual(chart);
    for (const response of [
      { status: 404, body: {} },
      { status: 503, body: {} },
      { status: 200, body: { data: { name: 3 } } },
    ]) {
      expect(await loadOptionalEndpoint(answering(response), sizeChart, boxerBriefs)).toBeNull();
    }
  });
});
