import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../../demo/load-demo-store.ts';
import { buildApp } from '../../app.ts';
import { DEMO_NOW, createTestDatabase, testConfig, testMediaStore, type TestDatabase } from '../../test-support.ts';

const ADMIN_KEY = 'test-admin-key';
const SEARCH_KEY = 'test-search-key';

let database: TestDatabase;
let app: FastifyInstance;

/** A shop server on the test database, as a restart makes a new one. */
const startShop = () => buildApp({ logger: false, config: testConfig(database.dataDir), database });

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoStore(database.db, {
    media: testMediaStore(database),
    brand: 'acme',
    productCount: 120,
    now: DEMO_NOW,
  });
  app = await startShop();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown, key = ADMIN_KEY) {
  return app.inject({
    method,
    url: `/search/collections/products${url}`,
    headers: { 'x-typesense-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function names(q: string, extra: Record<string, string> = {}): Promise<string[]> {
  const query = new URLSearchParams({ q, query_by: 'name', per_page: '50', ...extra });
  const response = await call('GET', `/documents/search?${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { hits: { document: { name: string } }[] }).hits.map((hit) => hit.document.name);
}

async function restart(): Promise<void> {
  await app.close();
  app = await startShop();
}

describe("the merchant's synonyms", () => {
  it('start with the ones a clothing shop needs, applied to searches', async () => {
    const listed = (await call('GET', '/synonyms')).json() as { synonyms: { id: string }[] };
    expect(listed.synonyms.map((synonym) => synonym.id)).toEqual([
      'boxer-brief-trunk',
      'sweats-joggers',
      'tee-t-shirt',
    ]);
    const sweats = await names('sweats');
    expect(sweats.length).toBeGreaterThan(0);
    expect(sweats.every((name) => /jogger/i.test(name))).toBe(true);
    expect((await names('trunk')).some((name) => /boxer brief/i.test(name))).toBe(true);
    expect((await names('tee')).some((name) => /t-shirt/i.test(name))).toBe(true);
  });

  it('are written with the admin key only, and refused bad input changes nothing', async () => {
    expect((await call('PUT', '/synonyms/hat-cap', { synonyms: ['hat', 'cap'] }, SEARCH_KEY)).statusCode).toBe(401);
    const refused = await call('PUT', '/synonyms/hat-cap', { synonyms: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Could not find a valid string array of `synonyms`' });
    expect((await call('GET', '/synonyms/hat-cap')).statusCode).toBe(404);
    expect(await database.db.selectFrom('search_synonyms').select('id').where('id', '=', 'hat-cap').execute()).toEqual(
      [],
    );
  });

  it('survive a restart once saved, and stay gone once deleted', async () => {
    const body = { root: 'lid', synonyms: ['cap', 'beanie'] };
    const saved = await call('PUT', '/synonyms/lid', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...body, id: 'lid' });
    expect((await call('DELETE', '/synonyms/sweats-joggers')).json()).toEqual({ id: 'sweats-joggers' });
    await restart();
    expect((await call('GET', '/synonyms/lid')).json()).toEqual({
      id: 'lid',
      root: 'lid',
      synonyms: ['cap', 'beanie'],
    });
    expect((await call('GET', '/synonyms/sweats-joggers')).statusCode).toBe(404);
    expect((await names('lid')).some((name) => /cap|beanie/i.test(name))).toBe(true);
    expect(await names('sweats')).toEqual([]);
  });
});

describe("the merchant's overrides", () => {
  it('survive a restart once saved, and stay gone once deleted', async () => {
    const query = new URLSearchParams({ q: 'joggers', query_by: 'name', sort_by: 'default_position:desc' });
    const last = (await call('GET', `/documents/search?${query}`)).json() as { hits: { document: { id: string } }[] };
    const pinned = last.hits[0]?.document.id ?? '';
    expect(pinned).not.toBe('');
    const body = { rule: { query: 'joggers', match: 'exact' }, includes: [{ id: pinned, position: 1 }] };
    expect((await call('PUT', '/overrides/pin-jogger', body)).statusCode).toBe(200);
    await restart();
    const search = await call('GET', `/documents/search?${new URLSearchParams({ q: 'joggers', query_by: 'name' })}`);
    expect((search.json() as { hits: unknown[] }).hits[0]).toMatchObject({ curated: true, document: { id: pinned } });
    expect((await call('DELETE', '/overrides/pin-jogger')).statusCode).toBe(200);
    await restart();
    expect((await call('GET', '/overrides/pin-jogger')).statusCode).toBe(404);
    const overrides = (await call('GET', '/overrides')).json() as { overrides: { id: string }[] };
    expect(overrides.overrides.map((override) => override.id)).toEqual(['suggested-products']);
  });
});

describe('stemmed product search', () => {
  it("finds 'sock' for 'socks' and 'bra' for 'bras'", async () => {
    expect((await names('socks')).length).toBeGreaterThan(0);
    expect(await names('sock')).toEqual(await names('socks'));
    expect((await names('bras')).some((name) => /bra/i.test(name))).toBe(true);
  });

  it("finds the same products for a plural as for its singular by the shop's dictionary, without typos", async () => {
    const exact = { num_typos: '0', prefix: 'false' };
    const pairs: [string, string][] = [
      ['bras', 'bra'],
      ['socks', 'sock'],
      ['boxers', 'boxer'],
    ];
    for (const [plural, singular] of pairs) {
      const found = await names(plural, exact);
      expect(found.length, plural).toBeGreaterThan(0);
      expect(await names(singular, exact)).toEqual(found);
    }
  });

  it("stems the products' text fields by the shop's dictionary, which the indexer installs", async () => {
    const { fields } = (
      await app.inject({
        method: 'GET',
        url: '/search/collections/products',
        headers: { 'x-typesense-api-key': ADMIN_KEY },
      })
    ).json() as {
      fields: { name: string; stem: boolean; stem_dictionary: string }[];
    };
    expect(fields.find((field) => field.name === 'name')).toMatchObject({
      stem: true,
      stem_dictionary: 'clothing-plurals',
    });
    const dictionary = await app.inject({
      method: 'GET',
      url: '/search/stemming/dictionaries/clothing-plurals',
      headers: { 'x-typesense-api-key': ADMIN_KEY },
    });
    expect((dictionary.json() as { words: { word: string; root: string }[] }).words).toContainEqual({
      word: 'bras',
      root: 'bra',
    });
  });
});
