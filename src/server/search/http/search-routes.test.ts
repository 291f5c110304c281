import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CAPS } from '../bounds/search-caps.ts';
import { SearchEngine } from '../engine.ts';
import { UNAUTHORIZED_MESSAGE } from './api-key.ts';
import { searchRoutes } from './search-routes.ts';
import { startTestSearchServer, TEST_ADMIN_KEY, TEST_SEARCH_KEY } from './test-server.ts';

const SCHEMA = {
  name: 'products',
  fields: [
    { name: 'name', type: 'string' },
    { name: 'colors', type: 'string[]', facet: true },
    { name: 'price', type: 'float' },
  ],
};

let app: FastifyInstance;

beforeAll(async () => {
  // A small global body limit, as the shop app sets, proves the plugin raises it for imports only.
  app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  await app.register(searchRoutes, {
    prefix: '/search',
    engine: new SearchEngine(),
    searchKey: TEST_SEARCH_KEY,
    adminKey: TEST_ADMIN_KEY,
  });
  await app.ready();
  const created = await admin('POST', '/collections', JSON.stringify(SCHEMA));
  expect(created.statusCode).toBe(201);
  const imported = await admin(
    'POST',
    '/collections/products/documents/import',
    [
      '{"id":"1","name":"Black Shirt","colors":["Black"],"price":10}',
      '{"id":"2","name":"White Shirt","colors":["White"],"price":20}',
    ].join('\n'),
  );
  expect(imported.body).toBe('{"success":true}\n{"success":true}');
});

afterAll(async () => {
  await app.close();
});

function request(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  key: string | null,
  payload?: string,
  contentType = 'application/json',
) {
  const headers: Record<string, string> = {};
  if (key !== null) headers['x-typesense-api-key'] = key;
  if (payload !== undefined) headers['content-type'] = contentType;
  return app.inject({ method, url: `/search${url}`, headers, ...(payload === undefined ? {} : { payload }) });
}
const admin = (method: Parameters<typeof request>[0], url: string, payload?: string, contentType?: string) =>
  request(method, url, TEST_ADMIN_KEY, payload, contentType);

describe('API keys', () => {
  it('opens /health to anyone', async () => {
    const response = await request('GET', '/health', null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it("answers Typesense's 401 without a valid key", async () => {
    for (const key of [null, 'wrong', '']) {
      const response = await request('GET', '/collections/products/documents/search?q=*', key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
    }
  });

  it('lets the search-only key search, and nothing else', async () => {
    expect((await request('GET', '/collections/products/documents/search?q=*', TEST_SEARCH_KEY)).statusCode).toBe(200);
    const multi = await request(
      'POST',
      '/multi_search',
      TEST_SEARCH_KEY,
      JSON.stringify({ searches: [{ collection: 'products', q: '*' }] }),
    );
    expect(multi.statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/collections'],
      ['GET', '/collections/products'],
      ['DELETE', '/collections/products'],
      ['GET', '/collections/products/documents/1'],
      ['GET', '/collections/products/overrides'],
    ] as const) {
      const response = await request(method, url, TEST_SEARCH_KEY);
      expect(response.statusCode).toBe(401);
    }
  });

  it('accepts the key as the x-typesense-api-key query parameter', async () => {
    const response = await request(
      'GET',
      `/collections/products/documents/search?q=*&x-typesense-api-key=${TEST_SEARCH_KEY}`,
      null,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().request_params.q).toBe('*');
  });
});

describe('search endpoints', () => {
  it('searches with query-string parameters', async () => {
    const response = await admin(
      'GET',
      '/collections/products/documents/search?q=shirt&query_by=name&filter_by=price:>15',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ found: 1, hits: [{ document: { id: '2' } }] });
  });

  it("answers errors as Typesense's {message} with its status codes", async () => {
    const cases: [string, number, string][] = [
      ['/collections/nope/documents/search?q=*', 404, 'Collection not found'],
      ['/collections/products/documents/search?query_by=name', 400, 'Parameter `q` is required.'],
      ['/collections/products/documents/search?q=*&per_page=300', 422, 'Only upto 250 hits can be fetched per page.'],
      [
        '/collections/products/documents/search?q=a&query_by=foo',
        404,
        'Could not find a field named `foo` in the schema.',
      ],
      ['/no/such/route', 404, 'Not Found'],
    ];
    for (const [url, status, message] of cases) {
      const response = await admin('GET', url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
  });

  it('reads multi_search JSON sent as text/plain, common parameters from the query string', async () => {
    const body = JSON.stringify({
      searches: [
        { collection: 'products', q: 'white', filter_by: 'price:<15' },
        { collection: 'products', q: '*' },
      ],
    });
    const response = await request(
      'POST',
      '/multi_search?query_by=name&filter_by=colors:Black',
      TEST_SEARCH_KEY,
      body,
      'text/plain',
    );
    expect(response.statusCode).toBe(200);
    const [first, second] = response.json().results;
    expect(first.found).toBe(0);
    expect(second.found).toBe(1);
  });

  it('answers a failed search inside multi_search with {code, error} and 200', async () => {
    const body = JSON.stringify({ searches: [{ collection: 'products', q: '*', filter_by: '(' }] });
    const response = await request('POST', '/multi_search', TEST_SEARCH_KEY, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [{ code: 400, error: 'Could not parse the filter query: unbalanced parentheses.' }],
    });
  });

  it('rejects broken multi_search bodies with 400', async () => {
    for (const [body, message] of [
      ['{oops', 'Bad JSON.'],
      ['{"searches":{}}', 'Missing `searches` array.'],
      ['[]', 'Missing `searches` array.'],
      ['{"searches":[{"q":{"a":1}}]}', 'One or more search parameters are malformed.'],
    ]) {
      const response = await request('POST', '/multi_search', TEST_SEARCH_KEY, body, 'text/plain');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('never answers bad input with a 5xx or a hang', async () => {
    const hostile = [
      `${'('.repeat(50_000)}price:1${')'.repeat(50_000)}`,
      Array.from({ length: 5000 }, (_, index) => `price:${index}`).join(' || '),
      `name:[${Array.from({ length: 20_000 }, (_, index) => `v${index}`).join(',')}]`,
      'price:>>>',
      '`unterminated',
    ];
    for (const filter of hostile) {
      const body = JSON.stringify({
        searches: [
          { collection: 'products', q: 'x'.repeat(SEARCH_CAPS.valueChars), query_by: 'name', filter_by: filter },
        ],
      });
      const started = Date.now();
      const response = await request('POST', '/multi_search', TEST_SEARCH_KEY, body);
      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
    }
    const longQuery = Array.from({ length: 600 }, (_, index) => `w${index}`).join(' ');
    const response = await request(
      'POST',
      '/multi_search',
      TEST_SEARCH_KEY,
      JSON.stringify({ searches: [{ collection: 'products', q: longQuery, query_by: 'name' }] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toHaveProperty('found');
  });
});

describe('admin endpoints', () => {
  it('creates, reads and refuses duplicate collections', async () => {
    expect((await admin('POST', '/collections', JSON.stringify(SCHEMA))).json()).toEqual({
      message: 'A collection with name `products` already exists.',
    });
    expect((await admin('POST', '/collections', '{bad')).json()).toEqual({ message: 'Bad JSON.' });
    const collection = await admin('GET', '/collections/products');
    expect(collection.json()).toMatchObject({ name: 'products', num_documents: 2 });
    expect((await admin('GET', '/collections')).json()).toHaveLength(1);
    expect((await admin('GET', '/collections/nope')).statusCode).toBe(404);
  });

  it('writes, reads, patches and deletes documents', async () => {
    const created = await admin(
      'POST',
      '/collections/products/documents',
      JSON.stringify({ id: '9', name: 'Navy Tee', colors: ['Navy'], price: 5 }),
    );
    expect(created.statusCode).toBe(201);
    const again = await admin(
      'POST',
      '/collections/products/documents',
      JSON.stringify({ id: '9', name: 'Navy Tee', colors: ['Navy'], price: 5 }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A document with id 9 already exists.' });
    const upserted = await admin(
      'POST',
      '/collections/products/documents?action=upsert',
      JSON.stringify({ id: '9', name: 'Navy Tee', colors: ['Navy'], price: 6 }),
    );
    expect(upserted.json().price).toBe(6);
    expect(
      (await admin('PATCH', '/collections/products/documents/9', JSON.stringify({ price: 7 }))).json(),
    ).toMatchObject({ id: '9', price: 7 });
    expect((await admin('GET', '/collections/products/documents/9?include_fields=price')).json()).toEqual({ price: 7 });
    expect((await admin('DELETE', '/collections/products/documents/9')).json()).toMatchObject({ id: '9' });
    const missing = await admin('DELETE', '/collections/products/documents/9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Could not find a document with id: 9' });
    expect((await admin('DELETE', '/collections/products/documents/9?ignore_not_found=true')).json()).toEqual({
      id: '9',
    });
    expect((await admin('POST', '/collections/products/documents?action=replace', '{}')).json()).toEqual({
      message: 'Parameter `action` must be a create|update|upsert.',
    });
  });

  it('imports JSON lines with one result per line, and large bodies', async () => {
    const response = await admin(
      'POST',
      '/collections/products/documents/import?action=upsert',
      '{"id":"1","name":"Black Shirt","colors":["Black"],"price":11}\n{"id":"x","name":1}\nnot json',
      'text/plain',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body.split('\n').map((line) => JSON.parse(line))).toEqual([
      { success: true },
      {
        code: 400,
        document: '{"id":"x","name":1}',
        error: 'Field `colors` has been declared in the schema, but is not found in the document.',
        success: false,
      },
      { code: 400, document: 'not json', error: 'Bad JSON.', success: false },
    ]);
    const big = Array.from({ length: 20_000 }, (_, index) =>
      JSON.stringify({ id: `big-${index}`, name: `Item ${index} ${'x'.repeat(80)}`, colors: ['Grey'], price: index }),
    );
    const bulk = await admin('POST', '/collections/products/documents/import', big.join('\n'), 'text/plain');
    expect(bulk.statusCode).toBe(200);
    expect(bulk.body.split('\n')).toHaveLength(20_000);
    const deleted = await admin('DELETE', '/collections/products/documents?filter_by=colors:Grey');
    expect(deleted.json()).toEqual({ num_deleted: 20_000 });
  });

  it('refuses an empty import', async () => {
    const response = await admin('POST', '/collections/products/documents/import', '', 'text/plain');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'No documents provided' });
  });

  it('manages overrides', async () => {
    const body = { rule: { query: 'shirt', match: 'exact' }, includes: [{ id: '2', position: 1 }] };
    const put = await admin('PUT', '/collections/products/overrides/pin-white', JSON.stringify(body));
    expect(put.json()).toEqual({ ...body, id: 'pin-white' });
    expect((await admin('GET', '/collections/products/overrides')).json().overrides).toHaveLength(1);
    expect((await admin('GET', '/collections/products/overrides/pin-white')).json()).toMatchObject({
      id: 'pin-white',
      rule: body.rule,
    });
    const search = await admin('GET', '/collections/products/documents/search?q=shirt&query_by=name');
    expect(search.json().hits[0]).toMatchObject({ curated: true, document: { id: '2' } });
    expect((await admin('DELETE', '/collections/products/overrides/pin-white')).json()).toEqual({ id: 'pin-white' });
    const gone = await admin('GET', '/collections/products/overrides/pin-white');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Could not find that `id`.' });
    expect((await admin('PUT', '/collections/products/overrides/bad', '{"rule":{}}')).json()).toEqual({
      message: 'The `rule` definition must contain either a `tags` or a `query` and `match`.',
    });
  });
});

describe('the official typesense client', () => {
  it('searches, multi-searches and reports errors the way the shop reads them', async () => {
    const server = await startTestSearchServer();
    try {
      const admin = server.client();
      await admin.collections().create(SCHEMA as never);
      await admin
        .collections('products')
        .documents()
        .import([{ id: '1', name: 'Black Shirt', colors: ['Black'], price: 10 }]);
      const searcher = server.client(TEST_SEARCH_KEY);
      const result = await searcher
        .collections('products')
        .documents()
        .search({ q: 'shirt', query_by: 'name', facet_by: '*' }, {});
      expect(result.found).toBe(1);
      const multi = await searcher.multiSearch.perform(
        { searches: [{ collection: 'products', q: '*' }] },
        { query_by: 'name' },
      );
      expect(multi.results).toHaveLength(1);
      await expect(searcher.collections('products').documents().create({ id: '2' })).rejects.toThrow(
        `Request failed with HTTP code 401 | Server said: ${UNAUTHORIZED_MESSAGE}`,
      );
      await expect(admin.collections('products').documents().import([])).rejects.toThrow('No documents provided');
    } finally {
      await server.close();
    }
  });
});
