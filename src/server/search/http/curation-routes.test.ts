import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from '../engine.ts';
import type { JsonObject } from '../index/schema.ts';
import type { SearchRuleKind, SearchRulesStore } from './curation-routes.ts';
import { searchRoutes } from './search-routes.ts';
import { TEST_ADMIN_KEY, TEST_SEARCH_KEY } from './test-server.ts';

const saved = new Map<string, JsonObject>();
const rules: SearchRulesStore = {
  async save(kind: SearchRuleKind, collection: string, id: string, definition: JsonObject) {
    saved.set(`${kind}/${collection}/${id}`, definition);
  },
  async remove(kind: SearchRuleKind, collection: string, id: string) {
    saved.delete(`${kind}/${collection}/${id}`);
  },
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  const engine = new SearchEngine();
  engine.createCollection({ name: 'products', fields: [{ name: 'name', type: 'string' }] });
  await app.register(searchRoutes, {
    prefix: '/search',
    engine,
    searchKey: TEST_SEARCH_KEY,
    adminKey: TEST_ADMIN_KEY,
    rules,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: string, key = TEST_ADMIN_KEY) {
  return app.inject({
    method,
    url: `/search${url}`,
    headers: { 'x-typesense-api-key': key },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('the synonyms API (core_api.cpp get_synonyms, put_synonym, del_synonym)', () => {
  it('upserts, gets, lists and deletes, keeping each write in the rules store', async () => {
    const put = await call(
      'PUT',
      '/collections/products/synonyms/tee',
      JSON.stringify({ synonyms: ['tee', 't-shirt'] }),
    );
    expect(put.json()).toEqual({ id: 'tee', synonyms: ['tee', 't-shirt'] });
    expect(saved.get('synonym/products/tee')).toEqual({ synonyms: ['tee', 't-shirt'] });
    await call('PUT', '/collections/products/synonyms/ocean', JSON.stringify({ root: 'ocean', synonyms: ['sea'] }));
    expect((await call('GET', '/collections/products/synonyms/tee')).json()).toEqual({
      id: 'tee',
      root: '',
      synonyms: ['tee', 't-shirt'],
    });
    expect(
      (await call('GET', '/collections/products/synonyms'))
        .json()
        .synonyms.map((synonym: { id: string }) => synonym.id),
    ).toEqual(['tee', 'ocean']);
    expect((await call('GET', '/collections/products/synonyms?offset=1&limit=1')).json().synonyms).toHaveLength(1);
    expect((await call('DELETE', '/collections/products/synonyms/ocean')).json()).toEqual({ id: 'ocean' });
    expect(saved.has('synonym/products/ocean')).toBe(false);
  });

  it("answers Typesense's errors and keeps nothing refused", async () => {
    const cases: [string, string, string | undefined, number, string][] = [
      ['GET', '/collections/nope/synonyms', undefined, 404, 'Collection not found'],
      ['PUT', '/collections/nope/synonyms/x', '{"synonyms":["a"]}', 404, 'Collection not found'],
      ['GET', '/collections/products/synonyms/missing', undefined, 404, 'Not Found'],
      ['DELETE', '/collections/products/synonyms/missing', undefined, 404, 'Could not find that `id`.'],
      ['PUT', '/collections/products/synonyms/x', '{bad', 400, 'Bad JSON.'],
      ['PUT', '/collections/products/synonyms/x', '{"root":1,"synonyms":["a"]}', 400, 'Key `root` should be a string.'],
      ['GET', '/collections/products/synonyms?offset=9', undefined, 400, 'Invalid offset param.'],
      ['GET', '/collections/products/synonyms?limit=-1', undefined, 400, 'Limit param should be unsigned integer.'],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const response = await call(method as 'GET' | 'PUT' | 'DELETE', url, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(saved.has('synonym/products/x')).toBe(false);
  });

  it('opens only to the admin key', async () => {
    for (const [method, url] of [
      ['GET', '/collections/products/synonyms'],
      ['PUT', '/collections/products/synonyms/x'],
      ['DELETE', '/collections/products/synonyms/tee'],
      ['PUT', '/collections/products/overrides/x'],
    ] as const) {
      expect((await call(method, url, '{"synonyms":["a"]}', TEST_SEARCH_KEY)).statusCode).toBe(401);
    }
  });
});

describe('the overrides API', () => {
  it('keeps each write in the rules store, without the id', async () => {
    const body = { rule: { query: 'tee', match: 'exact' }, excludes: [{ id: '1' }] };
    expect((await call('PUT', '/collections/products/overrides/hide', JSON.stringify(body))).json()).toEqual({
      ...body,
      id: 'hide',
    });
    expect(saved.get('override/products/hide')).toEqual(body);
    expect((await call('PUT', '/collections/products/overrides/bad', '{"rule":{}}')).statusCode).toBe(400);
    expect(saved.has('override/products/bad')).toBe(false);
    expect((await call('DELETE', '/collections/products/overrides/hide')).json()).toEqual({ id: 'hide' });
    expect(saved.has('override/products/hide')).toBe(false);
  });
});
