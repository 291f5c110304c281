import { describe, expect, it } from 'vitest';
import { SEARCH_CAPS } from './bounds/search-caps.ts';
import { SearchEngine, type JsonObject } from './engine.ts';
import { SearchError } from './errors.ts';

function engineWithProducts(options: ConstructorParameters<typeof SearchEngine>[0] = {}): SearchEngine {
  const engine = new SearchEngine(options);
  engine.createCollection({
    name: 'products',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'colors', type: 'string[]', facet: true },
      { name: 'fit', type: 'string', facet: true, optional: true },
      { name: 'price', type: 'float' },
      { name: 'show_on_plp', type: 'bool' },
    ],
  });
  const colors = ['Black', 'White', 'Navy'];
  for (let index = 1; index <= 30; index++) {
    engine.writeDocument('products', {
      id: String(index),
      name: `${index % 2 ? 'Boxer Brief' : 'Cotton Tee'} ${colors[index % 3]}`,
      colors: [colors[index % 3] as string, ...(index % 4 ? [] : ['Navy'])],
      ...(index % 5 ? { fit: index % 2 ? 'Slim' : 'Classic' } : {}),
      price: index,
      show_on_plp: index % 7 !== 0,
    });
  }
  return engine;
}

const engine = engineWithProducts();

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof SearchError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('the search was not refused');
}

const names = (count: number, name: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => name(index)).join(',');
const hitIds = (result: JsonObject) => (result.hits as { document: JsonObject }[]).map((hit) => hit.document.id);

describe('caps on what a query may ask for', () => {
  it('refuses more candidates per word than the cap, with 400', () => {
    expect(
      engine.search('products', { q: 'bo', query_by: 'name', max_candidates: SEARCH_CAPS.maxCandidates }).found,
    ).toBe(15);
    expect(refusal(() => engine.search('products', { q: 'bo', query_by: 'name', max_candidates: 4294967295 }))).toEqual(
      {
        status: 400,
        message: `Parameter \`max_candidates\` must be at most ${SEARCH_CAPS.maxCandidates}.`,
      },
    );
  });

  it('refuses query_by, include_fields, exclude_fields and facet_by past their caps, duplicates folded but in query_by', () => {
    const tooMany = SEARCH_CAPS.fieldPatterns + 1;
    expect(
      refusal(() =>
        engine.search('products', { q: 'tee', query_by: names(SEARCH_CAPS.queryByFields + 1, () => 'name') }),
      ),
    ).toEqual({
      status: 400,
      message: `Only upto ${SEARCH_CAPS.queryByFields} fields are allowed in \`query_by\`.`,
    });
    expect(
      refusal(() => engine.search('products', { q: '*', include_fields: names(tooMany, (index) => `field${index}`) })),
    ).toEqual({
      status: 400,
      message: `Only upto ${SEARCH_CAPS.fieldPatterns} fields are allowed in \`include_fields\`.`,
    });
    expect(
      refusal(() => engine.search('products', { q: '*', exclude_fields: names(tooMany, (index) => `field${index}*`) })),
    ).toEqual({
      status: 400,
      message: `Only upto ${SEARCH_CAPS.fieldPatterns} fields are allowed in \`exclude_fields\`.`,
    });
    expect(
      refusal(() =>
        engine.search('products', {
          q: '*',
          facet_by: names(SEARCH_CAPS.facetFields + 1, (index) => `colors${index}`),
        }),
      ),
    ).toEqual({
      status: 400,
      message: `Only upto ${SEARCH_CAPS.facetFields} fields are allowed in \`facet_by\`.`,
    });

    const folded = engine.search('products', {
      q: '*',
      per_page: 1,
      include_fields: names(700, () => 'name'),
      facet_by: names(500, () => 'colors'),
    });
    expect((folded.hits as { document: JsonObject }[])[0]?.document).toEqual({ name: 'Cotton Tee Black' });
    expect(folded.facet_counts).toHaveLength(1);
  });

  it('searches the first words of a long q only', () => {
    const words = Array.from({ length: SEARCH_CAPS.queryTokens }, () => 'boxer').join(' ');
    const capped = engine.search('products', { q: words, query_by: 'name' });
    const longer = engine.search('products', { q: `${words} ${'zzz '.repeat(900)}`, query_by: 'name' });
    expect(hitIds(longer)).toEqual(hitIds(capped));
    expect(longer.found).toBe(15);
  });

  it('refuses group_by past its cap, and matches the first words of a long facet_query only', () => {
    expect(
      refusal(() => engine.search('products', { q: '*', group_by: names(SEARCH_CAPS.groupFields + 1, () => 'fit') })),
    ).toEqual({
      status: 400,
      message: `Only upto ${SEARCH_CAPS.groupFields} fields are allowed in \`group_by\`.`,
    });
    expect(engine.search('products', { q: '*', group_by: names(SEARCH_CAPS.groupFields, () => 'fit') }).found).toBe(3);
    const words = Array.from({ length: SEARCH_CAPS.facetQueryWords }, () => 'navy').join(' ');
    const capped = engine.search('products', { q: '*', facet_by: 'colors', facet_query: `colors: ${words}` });
    const longer = engine.search('products', {
      q: '*',
      facet_by: 'colors',
      facet_query: `colors: ${words} ${'zzz '.repeat(900)}`,
    });
    expect(longer.facet_counts).toEqual(capped.facet_counts);
    expect((capped.facet_counts as { counts: { value: string }[] }[])[0]?.counts.map((count) => count.value)).toEqual([
      'Navy',
    ]);
  });
});

describe('the time budget', () => {
  it('answers 408 Request Timeout when the time ran out before anything was found, as Typesense does', () => {
    const outOfTime = engineWithProducts({ searchCutoffMs: 0 });
    expect(refusal(() => outOfTime.search('products', { q: 'boxer', query_by: 'name' }))).toEqual({
      status: 408,
      message: 'Request Timeout',
    });
    expect(refusal(() => engine.search('products', { q: 'boxer', query_by: 'name', search_cutoff_ms: 0 }))).toEqual({
      status: 408,
      message: 'Request Timeout',
    });
  });

  it('says search_cutoff when it stopped early, and false otherwise', () => {
    const outOfTime = engineWithProducts({ searchCutoffMs: 0 });
    const cut = outOfTime.search('products', { q: '*', facet_by: 'colors', per_page: 3 });
    expect(cut.search_cutoff).toBe(true);
    expect(cut.found).toBe(30);
    expect(cut.hits).toHaveLength(3);
    expect(engine.search('products', { q: 'boxer', query_by: 'name' }).search_cutoff).toBe(false);
  });

  it('lets a query lower the server budget but never raise it', () => {
    const outOfTime = engineWithProducts({ searchCutoffMs: 0 });
    expect(
      refusal(() => outOfTime.search('products', { q: 'boxer', query_by: 'name', search_cutoff_ms: 60_000 })).status,
    ).toBe(408);
  });

  it('shares one budget between the searches of a multi_search', () => {
    const outOfTime = engineWithProducts({ searchCutoffMs: 0 });
    const { results } = outOfTime.multiSearch([{ collection: 'products', q: 'tee', query_by: 'name' }], {});
    expect(results).toEqual([{ code: 408, error: 'Request Timeout' }]);
  });
});

describe('filters in a multi_search', () => {
  const filters = [
    'colors:=[Black] && show_on_plp:true',
    'colors:=[Black] && show_on_plp:true && fit:=Slim',
    'colors:=[Black] && show_on_plp:true && fit:=Slim && price:<20',
    'colors:!=Black && price:>10',
    'show_on_plp:false || colors:!=[Navy]',
    '(colors:=[Navy] || fit:=Slim) && price:<30',
    'id:!=[1,2] && colors:!=[White] && show_on_plp:!=false',
    'colors:!=[Black] && colors:!=[White]',
    'colors:!=[Black] || fit:!=Slim',
  ];

  it('answers as the same searches sent one by one, each filter evaluated once and reused', () => {
    const searches = [...filters, ...filters].map((filter) => ({
      collection: 'products',
      q: '*',
      filter_by: filter,
      per_page: 250,
    }));
    const { results } = engine.multiSearch(searches, {});
    results.forEach((result, index) => {
      const alone = engine.search('products', {
        q: '*',
        filter_by: filters[index % filters.length] as string,
        per_page: 250,
      });
      expect([index, hitIds(result as JsonObject)]).toEqual([index, hitIds(alone)]);
    });
  });
});

describe('the length of a parameter', () => {
  it('refuses any value past its cap with 400, before the search starts', () => {
    const cases: [string, number][] = [
      ['highlight_start_tag', SEARCH_CAPS.highlightTagChars],
      ['highlight_end_tag', SEARCH_CAPS.highlightTagChars],
      ['filter_by', SEARCH_CAPS.filterChars],
      ['q', SEARCH_CAPS.valueChars],
      ['facet_by', SEARCH_CAPS.valueChars],
      ['sort_by', SEARCH_CAPS.valueChars],
      ['an_unknown_parameter', SEARCH_CAPS.valueChars],
    ];
    for (const [name, cap] of cases) {
      expect(
        refusal(() => engine.search('products', { q: 'tee', query_by: 'name', [name]: 'x'.repeat(cap + 1) })),
      ).toEqual({
        status: 400,
        message: `Parameter \`${name}\` must be at most ${cap} characters long.`,
      });
    }
    for (const size of [80_000, 800_000]) {
      expect(
        refusal(() => engine.search('products', { q: 'tee', query_by: 'name', highlight_start_tag: 'x'.repeat(size) }))
          .status,
      ).toBe(400);
    }
    const tag = `<mark class="${'x'.repeat(SEARCH_CAPS.highlightTagChars - 15)}">`;
    const atTheCap = engine.search('products', { q: 'tee', query_by: 'name', highlight_start_tag: tag, per_page: 1 });
    expect((atTheCap.hits as { highlight: { name: { snippet: string } } }[])[0]?.highlight.name.snippet).toContain(
      `${tag}Tee`,
    );
  });

  it('reads a name like an object property as any other parameter', () => {
    expect(
      refusal(() =>
        engine.search('products', { q: 'tee', query_by: 'name', constructor: 'x'.repeat(SEARCH_CAPS.valueChars + 1) }),
      ).status,
    ).toBe(400);
  });
});

describe('the size of an answer', () => {
  // Products of 24 kB each: 250 of them pass the cap of one answer, and their highlights add to it.
  const words = Array.from({ length: 3_000 }, (_, index) => (index % 10 === 0 ? 'tee' : `word${index}`)).join(' ');
  const large = new SearchEngine();
  large.createCollection({
    name: 'products',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'description', type: 'string' },
    ],
  });
  large.importDocuments(
    'products',
    Array.from({ length: 300 }, (_, index) =>
      JSON.stringify({ id: String(index), name: `Tee ${index}`, description: words }),
    ),
    'create',
  );

  it('stops a search whose answer would pass its cap with 422', () => {
    expect(JSON.stringify(large.search('products', { q: '*', per_page: 100 })).length).toBeLessThan(
      SEARCH_CAPS.responseChars,
    );
    expect(refusal(() => large.search('products', { q: '*', per_page: 250 }))).toEqual({
      status: 422,
      message: `The response would be larger than ${SEARCH_CAPS.responseChars} characters: ask for fewer hits, fields or facet values.`,
    });
    // Highlights count as they are built: every tenth word of every description, in tags at their cap.
    const tag = 'x'.repeat(SEARCH_CAPS.highlightTagChars);
    const highlighted = {
      q: 'tee',
      query_by: 'name,description',
      highlight_full_fields: 'description',
      highlight_start_tag: tag,
      highlight_end_tag: tag,
    };
    expect(refusal(() => large.search('products', { ...highlighted, per_page: 20, include_fields: 'id' })).status).toBe(
      422,
    );
  });

  it('answers the searches of a multi_search until together they would pass its cap, and 422 for the others', () => {
    const search = { collection: 'products', q: '*', per_page: 100 };
    const { results } = large.multiSearch(
      Array.from({ length: 10 }, () => search),
      {},
    );
    const answered = results.filter((result) => 'hits' in result);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(results.length);
    expect(results.slice(answered.length)).toEqual(
      Array.from({ length: results.length - answered.length }, () => ({
        code: 422,
        error: `The responses of this multi_search would be larger than ${SEARCH_CAPS.multiSearchResponseChars} characters together: send fewer searches, or ask for fewer hits.`,
      })),
    );
    expect(JSON.stringify({ results }).length).toBeLessThan(SEARCH_CAPS.multiSearchResponseChars);
  });
});
