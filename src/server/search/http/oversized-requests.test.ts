/**
 * Issue 26, item 9: the search-only key's holder sends highlight tags of 80 and 800 kB (a 123 MB answer, then a
 * 500 after 28.8 s and 1.4 GB, other searches waiting behind) and other oversized parameters, to the shop's
 * search service as it runs, in a worker thread. Time and memory are measured by bench/search-abuse.bench.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoStore } from '../../../demo/load-demo-store.ts';
import { PRODUCTS_COLLECTION } from '../../../shared/site-search.ts';
import { DEMO_NOW, createTestApp, testMediaStore } from '../../test-support.ts';
import { SEARCH_CAPS } from '../bounds/search-caps.ts';
import { MAX_SEARCH_QUERY_STRING } from './search-routes.ts';

type Shop = Awaited<ReturnType<typeof createTestApp>>;

describe('oversized search parameters, sent with the search-only key', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await createTestApp({
      searchInWorkers: true,
      // A time budget that never runs out here, so the size of the answers is what stops a multi_search.
      configOverrides: { searchCutoffMs: 60_000 },
      prepare: async (database) => {
        await loadDemoStore(database.db, {
          media: testMediaStore(database),
          brand: 'acme',
          productCount: 120,
          now: DEMO_NOW,
        });
      },
    });
  });
  afterAll(() => shop.close());

  const multiSearch = (searches: Record<string, string | number>[]) =>
    shop.app.inject({
      method: 'POST',
      url: '/search/multi_search',
      headers: { 'x-typesense-api-key': shop.config.searchApiKey, 'content-type': 'text/plain' },
      payload: JSON.stringify({ searches: searches.map((search) => ({ collection: PRODUCTS_COLLECTION, ...search })) }),
    });
  const getSearch = (query: string) =>
    shop.app.inject({
      method: 'GET',
      url: `/search/collections/${PRODUCTS_COLLECTION}/documents/search?${query}`,
      headers: { 'x-typesense-api-key': shop.config.searchApiKey },
    });
  /** Every text field of the products collection. */
  const everyField = '*';

  it('refuses 80 kB and 800 kB highlight tags with 400 and a small answer, while a normal search answers beside them', async () => {
    // As many searches as the body limit (8 MB) lets through with the tags.
    for (const [size, searches] of [
      [80_000, 50],
      [800_000, 5],
    ] as const) {
      const tag = 'x'.repeat(size);
      const attack = multiSearch(
        Array.from({ length: searches }, () => ({
          q: 'a e i o',
          query_by: everyField,
          per_page: 250,
          highlight_start_tag: tag,
          highlight_end_tag: tag,
        })),
      );
      const normal = multiSearch([{ q: 'tee', query_by: 'name', per_page: 20 }]);
      const [refused, answered] = await Promise.all([attack, normal]);
      expect(refused.statusCode).toBe(200);
      expect(refused.rawPayload.length).toBeLessThan(10_000);
      const results = refused.json().results as unknown[];
      expect(results).toHaveLength(searches);
      for (const result of results) {
        expect(result).toEqual({
          code: 400,
          error: `Parameter \`highlight_start_tag\` must be at most ${SEARCH_CAPS.highlightTagChars} characters long.`,
        });
      }
      expect(answered.statusCode).toBe(200);
      expect(answered.json().results[0].found).toBeGreaterThan(0);
    }
  });

  it("refuses a GET search's query string past Typesense's 4,000 characters, as Typesense does", async () => {
    // The shop refuses any URL past 8 kB before it reaches the search service (414).
    expect((await getSearch(`q=tee&query_by=name&highlight_start_tag=${'x'.repeat(80_000)}`)).statusCode).toBe(414);
    const tag = 'x'.repeat(MAX_SEARCH_QUERY_STRING);
    for (const query of [
      `q=tee&query_by=name&highlight_start_tag=${tag}`,
      `q=${'x'.repeat(MAX_SEARCH_QUERY_STRING)}&query_by=name`,
    ]) {
      const response = await getSearch(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message:
          'Query string exceeds max allowed length of 4000. Use the /multi_search end-point for larger payloads.',
      });
    }
    expect(
      (await getSearch(`q=tee&query_by=name&highlight_start_tag=${'x'.repeat(SEARCH_CAPS.highlightTagChars)}`))
        .statusCode,
    ).toBe(200);
  });

  it('refuses every other oversized parameter with 400 in its slot', async () => {
    const oversized: [string, number][] = [
      ['q', SEARCH_CAPS.valueChars],
      ['filter_by', SEARCH_CAPS.filterChars],
      ['facet_by', SEARCH_CAPS.valueChars],
      ['include_fields', SEARCH_CAPS.valueChars],
      ['sort_by', SEARCH_CAPS.valueChars],
      ['highlight_end_tag', SEARCH_CAPS.highlightTagChars],
    ];
    const response = await multiSearch(
      oversized.map(([name, cap]) => ({ q: 'tee', query_by: 'name', [name]: 'x'.repeat(cap + 1) })),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual(
      oversized.map(([name, cap]) => ({
        code: 400,
        error: `Parameter \`${name}\` must be at most ${cap} characters long.`,
      })),
    );
  });

  it('answers a multi_search whose answers would pass the cap together with 422 in the slots past it, not a huge body', async () => {
    const tag = 'x'.repeat(SEARCH_CAPS.highlightTagChars);
    const search = {
      q: 'a e i o u',
      query_by: everyField,
      per_page: 250,
      highlight_full_fields: everyField,
      highlight_start_tag: tag,
      highlight_end_tag: tag,
    };
    const response = await multiSearch(Array.from({ length: 50 }, () => search));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(SEARCH_CAPS.multiSearchResponseChars * 1.1);
    const codes = (response.json().results as { code?: number }[]).map((result) => result.code ?? 200);
    expect(codes).toContain(200);
    expect(codes).toContain(422);
  });
});
