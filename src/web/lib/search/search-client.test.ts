import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchClientSettings } from '../../../shared/load-context.ts';
import { searchClient } from './search-client.ts';

describe('the search client', () => {
  /** A search service under load: it answers every search 503. */
  let service: Server;
  let searchesAsked = 0;
  let node: SearchClientSettings['nodes'][number];
  beforeAll(async () => {
    service = createServer((_request, response) => {
      searchesAsked += 1;
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Not Ready or Lagging"}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    node = { protocol: 'http', host: '127.0.0.1', port: (service.address() as AddressInfo).port, path: '' };
  });
  afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

  /** How many times the service was asked for two of the same search, each failing. */
  async function askedForTwoSearches(settings: SearchClientSettings): Promise<number> {
    const before = searchesAsked;
    for (let search = 0; search < 2; search += 1) {
      await expect(searchClient(settings).collections('products').documents().search({ q: '*' }, {})).rejects.toThrow();
    }
    return searchesAsked - before;
  }

  it('asks the service again after a failure when it keeps no answers, as the server’s loaders use it', async () => {
    // One node: the first try and one retry for each search.
    expect(await askedForTwoSearches({ nodes: [node], apiKey: 'loader-key', cacheSearchResultsForSeconds: 0 })).toBe(4);
  });

  it('keeps an answer, a failure’s too, for the spec’s 120 s by default, as the browser uses it', async () => {
    expect(await askedForTwoSearches({ nodes: [node], apiKey: 'browser-key' })).toBe(2);
  });
});
