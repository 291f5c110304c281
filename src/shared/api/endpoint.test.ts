import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint, endpointUrl, readResponse } from './endpoint.ts';

const orderView = endpoint({
  method: 'GET',
  path: '/api/orders/:id/:hash',
  params: z.object({ id: z.string(), hash: z.string() }),
  data: z.object({}),
});

describe('endpointUrl', () => {
  it('fills each parameter, encoded, and appends the query without its unset values', () => {
    expect(endpointUrl(orderView, { id: 'a/b', hash: 'c d' })).toBe('/api/orders/a%2Fb/c%20d');
    expect(endpointUrl({ path: '/api/posts' }, {}, { kind: 'news', offset: 0, limit: undefined })).toBe(
      '/api/posts?kind=news&offset=0',
    );
    expect(endpointUrl({ path: '/api/posts' }, {}, {})).toBe('/api/posts');
  });

  it('fills a final wildcard with its segments, each encoded', () => {
    expect(endpointUrl({ path: '/api/site-content/get/*' }, { '*': 'shop/men wear' })).toBe(
      '/api/site-content/get/shop/men%20wear',
    );
    expect(() => endpointUrl({ path: '/api/site-content/get/*' })).toThrow('needs the parameter *');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => endpointUrl(orderView, { id: 'a' })).toThrow('/api/orders/:id/:hash needs the parameter hash');
  });
});

describe('readResponse', () => {
  const signOut = endpoint({
    method: 'GET',
    path: '/session-api/logout',
    data: z.object({ success: z.literal(true), message: z.string() }),
    envelope: false,
  });

  it('reads the data inside {data}, or the whole body of an endpoint without the envelope', () => {
    expect(readResponse(orderView, { data: { extra: 1 } })).toEqual({ success: true, data: {} });
    expect(readResponse(signOut, { success: true, message: 'Signed out.' })).toEqual({
      success: true,
      data: { success: true, message: 'Signed out.' },
    });
  });

  it('says how a body breaks the contract', () => {
    expect(readResponse(orderView, {}).success).toBe(false);
    expect(readResponse(signOut, { data: { success: true, message: 'Signed out.' } }).success).toBe(false);
  });
});
