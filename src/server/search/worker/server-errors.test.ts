/** A 500 of the search service answers Typesense's bare message; its cause, with its stack, goes to the shop's log. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../engine.ts';
import { searchRoutes } from '../http/search-routes.ts';
import { TEST_ADMIN_KEY, TEST_SEARCH_KEY } from '../http/test-server.ts';
import { forwardedSearchRoutes } from './forwarded-search-routes.ts';
import type { ForwardedResponse } from './protocol.ts';

interface LogLine {
  level: number;
  msg: string;
  err?: { type: string; message: string; stack: string };
}

function capturedLog() {
  const lines: string[] = [];
  return {
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    errors: () => lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.level >= 50),
  };
}

class BrokenEngine extends SearchEngine {
  override search(): never {
    throw new RangeError('Invalid string length');
  }
}

const SEARCH_URL = '/search/collections/products/documents/search?q=*';

describe('a search that fails on the server', () => {
  it('answers 500 without its cause, and logs the error with its stack', async () => {
    const log = capturedLog();
    const app = Fastify({ logger: log.logger });
    await app.register(searchRoutes, {
      prefix: '/search',
      engine: new BrokenEngine(),
      searchKey: TEST_SEARCH_KEY,
      adminKey: TEST_ADMIN_KEY,
    });
    const response = await app.inject({
      method: 'GET',
      url: SEARCH_URL,
      headers: { 'x-typesense-api-key': TEST_SEARCH_KEY },
    });
    await app.close();
    expect([response.statusCode, response.json()]).toEqual([500, { message: 'Internal Server Error' }]);
    const [line] = log.errors();
    expect(line?.msg).toBe('search request failed');
    expect(line?.err).toMatchObject({ type: 'RangeError', message: 'Invalid string length' });
    expect(line?.err?.stack).toContain('BrokenEngine.search');
  });

  it("logs on the shop's thread the error a search worker met, with the worker's stack, and forwards the bare answer", async () => {
    const log = capturedLog();
    const stack =
      'RangeError: Invalid string length\n    at JSON.stringify (<anonymous>)\n    at executeSearch (search.ts:200:10)';
    const answer: ForwardedResponse = {
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from('{"message":"Internal Server Error"}'),
      failure: { message: 'Invalid string length', stack },
    };
    const app = Fastify({ logger: log.logger });
    await app.register(forwardedSearchRoutes, { prefix: '/search', workers: { forward: async () => answer } });
    const response = await app.inject({ method: 'GET', url: SEARCH_URL });
    await app.close();
    expect([response.statusCode, response.json()]).toEqual([500, { message: 'Internal Server Error' }]);
    const [line] = log.errors();
    expect(line?.msg).toBe('search request failed');
    expect(line?.err).toMatchObject({ message: 'Invalid string length', stack });
  });
});
