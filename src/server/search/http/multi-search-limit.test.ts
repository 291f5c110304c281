import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT_MULTI_SEARCHES, SearchEngine } from '../engine.ts';
import { searchRoutes } from './search-routes.ts';
import { TEST_ADMIN_KEY, TEST_SEARCH_KEY } from './test-server.ts';

describe('limit_multi_searches', () => {
  it('is the default for the search-only key, whatever it asks, and the admin key may raise it', async () => {
    const app = Fastify({ logger: false });
    await app.register(searchRoutes, {
      prefix: '/search',
      engine: new SearchEngine(),
      searchKey: TEST_SEARCH_KEY,
      adminKey: TEST_ADMIN_KEY,
    });
    const searches = Array.from({ length: DEFAULT_LIMIT_MULTI_SEARCHES + 1 }, () => ({
      collection: 'products',
      q: '*',
    }));
    const send = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/search/multi_search?limit_multi_searches=1000000',
        headers: { 'x-typesense-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify({ searches }),
      });
    const searcher = await send(TEST_SEARCH_KEY);
    expect(searcher.statusCode).toBe(400);
    expect(searcher.json()).toEqual({ message: 'Number of multi searches exceeds `limit_multi_searches` parameter.' });
    const administrator = await send(TEST_ADMIN_KEY);
    expect(administrator.statusCode).toBe(200);
    expect(administrator.json().results).toHaveLength(DEFAULT_LIMIT_MULTI_SEARCHES + 1);
    await app.close();
  });
});
