import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint, endpointUrl } from './endpoint.ts';

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

  it('refuses to build a path with a parameter missing', () => {
    expect(() => endpointUrl(orderView, { id: 'a' })).toThrow('/api/orders/:id/:hash needs the parameter hash');
  });
});
