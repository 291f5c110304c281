/**
 * The stemming dictionaries API through the official client, as Typesense v29 answers it
 * (collection_specific_more_test.cpp StemmingDictionaryBasics and StemmingDictionaryEmpty, core_api.cpp
 * post_import_stemming_dictionary, get_stemming_dictionaries, get_stemming_dictionary, del_stemming_dictionary).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSearchServer, TEST_SEARCH_KEY, type TestSearchServer } from './test-server.ts';

let server: TestSearchServer;

beforeAll(async () => {
  server = await startTestSearchServer();
});

afterAll(async () => {
  await server.close();
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { httpStatus?: number; message: string }) => [error.httpStatus, error.message],
  );

describe('the stemming dictionaries API', () => {
  it('lists no dictionaries as an empty array', async () => {
    expect(await server.client().stemming.dictionaries().retrieve()).toEqual({ dictionaries: [] });
  });

  it('imports, adds to, gets, lists and deletes dictionaries', async () => {
    const dictionaries = server.client().stemming.dictionaries();
    expect(await dictionaries.upsert('set1', [{ word: 'people', root: 'person' }])).toEqual([
      { word: 'people', root: 'person' },
    ]);
    expect(await server.client().stemming.dictionaries('set1').retrieve()).toEqual({
      id: 'set1',
      words: [{ word: 'people', root: 'person' }],
    });
    await dictionaries.upsert('set2', [{ word: 'qualities', root: 'quality' }]);
    // JSON lines as text, answered as sent; a word already there keeps its root.
    const lines = '{"word": "mangoes", "root": "mango"}\n{"word": "qualities", "root": "qual"}';
    expect(await dictionaries.upsert('set2', lines)).toBe(lines);
    expect(await server.client().stemming.dictionaries('set2').retrieve()).toEqual({
      id: 'set2',
      words: [
        { word: 'qualities', root: 'quality' },
        { word: 'mangoes', root: 'mango' },
      ],
    });
    expect(await dictionaries.retrieve()).toEqual({ dictionaries: ['set1', 'set2'] });
    expect(await server.client().stemming.dictionaries('set2').delete()).toEqual({ id: 'set2' });
    expect(await dictionaries.retrieve()).toEqual({ dictionaries: ['set1'] });
    expect(await server.client().stemming.dictionaries('set2').delete()).toEqual({ id: 'set2' });
  });

  it("answers Typesense's errors, and a refused import adds nothing", async () => {
    const admin = (method: 'GET' | 'POST', url: string, payload?: string) =>
      server.app.inject({
        method,
        url: `/search${url}`,
        headers: { 'x-typesense-api-key': 'test-admin-key' },
        ...(payload === undefined ? {} : { payload }),
      });
    const cases: ['GET' | 'POST', string, string | undefined, number, string][] = [
      [
        'POST',
        '/stemming/dictionaries/import',
        '{"word":"a","root":"b"}',
        400,
        'Parameter `id` must be provided while importing dictionary words.',
      ],
      ['POST', '/stemming/dictionaries/import?id=bad', '', 400, 'Invalid dictionary format.'],
      [
        'POST',
        '/stemming/dictionaries/import?id=bad',
        '{"word":"a","root":"b"}\n{nope',
        400,
        'Invalid dictionary format.',
      ],
      [
        'POST',
        '/stemming/dictionaries/import?id=bad',
        '{"word":"a","root":"b"}\n{"word":"c"}',
        400,
        'dictionary lines should contain `word` and `root` values.',
      ],
      ['GET', '/stemming/dictionaries/missing', undefined, 404, 'Collection not found'],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const response = await admin(method, url, payload);
      expect([response.statusCode, response.json()]).toEqual([status, { message }]);
    }
    expect((await admin('GET', '/stemming/dictionaries/bad')).statusCode).toBe(404);
    expect(await failureOf(server.client(TEST_SEARCH_KEY).stemming.dictionaries().retrieve())).toEqual([
      401,
      expect.stringContaining('401'),
    ]);
  });

  it('stems a field by its dictionary from when the dictionary has the word', async () => {
    const admin = server.client();
    await admin
      .collections()
      .create({ name: 'garments', fields: [{ name: 'name', type: 'string', stem_dictionary: 'clothes' }] });
    await admin.collections('garments').documents().create({ id: 'early', name: 'Lace Bras' });
    await admin.stemming.dictionaries().upsert('clothes', [{ word: 'bras', root: 'bra' }]);
    await admin.collections('garments').documents().create({ id: 'late', name: 'Cotton Bras' });
    const found = await admin
      .collections('garments')
      .documents()
      .search({ q: 'bra', query_by: 'name', num_typos: 0, prefix: false }, {});
    expect(found.hits?.map((hit) => (hit.document as { id: string }).id)).toEqual(['late']);
    const collection = await admin.collections('garments').retrieve();
    expect(collection.fields[0]).toMatchObject({ stem: true, stem_dictionary: 'clothes' });
  });
});
