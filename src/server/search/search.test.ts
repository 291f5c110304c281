import { describe, expect, it } from 'vitest';
import { SearchEngine, type JsonObject } from './engine.ts';
import { SearchError } from './errors.ts';

const engine = new SearchEngine();
engine.createCollection({
  name: 'products',
  fields: [
    { name: 'name', type: 'string' },
    { name: 'category', type: 'string[]', facet: true },
    { name: 'colors', type: 'string[]', facet: true },
    { name: 'fit', type: 'string', facet: true, optional: true },
    { name: 'price', type: 'float', facet: true },
    { name: 'availability', type: 'string', sort: true },
    { name: 'default_position', type: 'int32' },
    { name: 'show_on_plp', type: 'bool' },
  ],
});
const product = (id: string, name: string, extra: JsonObject): JsonObject => ({
  id,
  name,
  category: ['Underwear', 'Underwear > Boxer Briefs'],
  colors: ['Black'],
  price: 20,
  availability: 'in stock',
  default_position: Number(id),
  show_on_plp: true,
  ...extra,
});
for (const document of [
  product('1', 'Boxer Brief Black', { fit: 'Classic' }),
  product('2', 'Trunk White', {
    category: ['Underwear', 'Underwear > Trunks'],
    colors: ['White'],
    price: 25.5,
    fit: 'Slim',
  }),
  product('3', 'Everyday Boxer Brief', { colors: ['Black', 'Navy'], availability: 'out of stock', price: 30 }),
  product('4', 'Boxer', { colors: ['Navy'], price: 15, show_on_plp: false }),
  product('5', 'Cotton Tee Navy', { category: ['Tops', 'Tops > T-Shirts'], colors: ['Navy'], price: 18 }),
]) {
  engine.writeDocument('products', document);
}

const search = (parameters: Record<string, string | number | boolean>) => engine.search('products', parameters);
const ids = (result: JsonObject) => (result.hits as { document: { id: string } }[]).map((hit) => hit.document.id);
function failure(parameters: Record<string, string | number | boolean>) {
  try {
    search(parameters);
  } catch (error) {
    if (error instanceof SearchError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
}

describe('text match and ranking', () => {
  it('ranks an exact field match first, then more words, then fewer typos', () => {
    expect(ids(search({ q: 'boxer', query_by: 'name' }))).toEqual(['4', '3', '1']);
    expect(ids(search({ q: 'boxer brief', query_by: 'name' }))).toEqual(['3', '1']);
    expect(ids(search({ q: 'boxer', query_by: 'name', prioritize_exact_match: false }))[0]).toBe('4');
  });

  it('matches the last word as a prefix, and with typos', () => {
    expect(ids(search({ q: 'box', query_by: 'name' }))).toEqual(['4', '3', '1']);
    expect(ids(search({ q: 'box', query_by: 'name', prefix: false }))).toEqual([]);
    expect(ids(search({ q: 'trnk', query_by: 'name' }))).toEqual(['2']);
    expect(ids(search({ q: 'trnk', query_by: 'name', num_typos: 0 }))).toEqual([]);
    expect(ids(search({ q: 'tru', query_by: 'name', min_len_1typo: 2 }))).toEqual(['2']);
  });

  it('matches words across query_by fields and ranks documents matching in more fields higher', () => {
    expect(ids(search({ q: 'navy tee', query_by: 'name,colors' }))).toEqual(['5']);
    const weighted = search({ q: 'navy', query_by: 'colors,name', sort_by: '_text_match:desc,default_position:asc' });
    expect(ids(weighted)).toEqual(['5', '3', '4']);
    const info = (weighted.hits as JsonObject[])[0]?.text_match_info as JsonObject;
    expect(info).toMatchObject({ best_field_weight: 15, fields_matched: 2, tokens_matched: 1, num_tokens_dropped: 0 });
  });

  it('drops words from the right when nothing holds them all', () => {
    const result = search({ q: 'trunk unknown', query_by: 'name' });
    expect(ids(result)).toEqual(['2']);
    expect(((result.hits as JsonObject[])[0]?.text_match_info as JsonObject).num_tokens_dropped).toBe(1);
    expect(ids(search({ q: 'trunk unknown', query_by: 'name', drop_tokens_threshold: 0 }))).toEqual([]);
  });

  it("uses Typesense's text match layout", () => {
    const hit = (search({ q: 'trunk', query_by: 'name' }).hits as JsonObject[])[0] as JsonObject;
    expect(hit.text_match_info).toEqual({
      best_field_score: '1108091338752',
      best_field_weight: 15,
      fields_matched: 1,
      num_tokens_dropped: 0,
      score: '578730123365187705',
      tokens_matched: 1,
      typo_prefix_score: 0,
    });
  });

  it('highlights with <mark>, marking only the typed prefix', () => {
    const hit = (search({ q: 'box', query_by: 'name,category', per_page: 1 }).hits as JsonObject[])[0] as JsonObject;
    expect(hit.highlight).toEqual({
      category: [
        { matched_tokens: [], snippet: 'Underwear' },
        { matched_tokens: ['Box'], snippet: 'Underwear > <mark>Box</mark>er Briefs' },
      ],
      name: { matched_tokens: ['Box'], snippet: '<mark>Box</mark>er' },
    });
    expect(hit.highlights).toEqual([
      { field: 'name', matched_tokens: ['Box'], snippet: '<mark>Box</mark>er' },
      {
        field: 'category',
        indices: [1],
        matched_tokens: [['Box']],
        snippets: ['Underwear > <mark>Box</mark>er Briefs'],
      },
    ]);
    const full = (
      search({ q: 'trunk', query_by: 'name', highlight_full_fields: 'name' }).hits as JsonObject[]
    )[0] as JsonObject;
    expect(full.highlight).toEqual({
      name: { matched_tokens: ['Trunk'], snippet: '<mark>Trunk</mark> White', value: '<mark>Trunk</mark> White' },
    });
  });
});

describe('sorting and pagination', () => {
  it('sorts by up to three fields, strings by their order, newest first on ties', () => {
    expect(ids(search({ q: '*', sort_by: 'availability:asc,default_position:desc' }))).toEqual([
      '5',
      '4',
      '2',
      '1',
      '3',
    ]);
    expect(ids(search({ q: '*' }))).toEqual(['5', '4', '3', '2', '1']);
    expect(ids(search({ q: '*', sort_by: 'price:asc' }))).toEqual(['4', '5', '1', '2', '3']);
  });

  it('pages with page/per_page and offset/limit', () => {
    const second = search({ q: '*', sort_by: 'default_position:asc', per_page: 2, page: 2 });
    expect(ids(second)).toEqual(['3', '4']);
    expect(second).toMatchObject({ page: 2, found: 5, out_of: 5 });
    const offset = search({ q: '*', sort_by: 'default_position:asc', offset: 3, limit: 5 });
    expect(ids(offset)).toEqual(['4', '5']);
    expect(offset.offset).toBe(3);
    expect(offset).not.toHaveProperty('page');
  });

  it("answers Typesense's pagination and parameter errors", () => {
    expect(failure({ q: '*', per_page: 251 })).toEqual({
      status: 422,
      message: 'Only upto 250 hits can be fetched per page.',
    });
    expect(failure({ q: '*', page: -1 })).toEqual({
      status: 400,
      message: 'Parameter `page` must be an unsigned integer.',
    });
    expect(failure({ q: '*', limit_hits: 5, page: 2, per_page: 5 })).toEqual({
      status: 422,
      message: 'Only upto 5 hits can be fetched. Ensure that `page` and `per_page` parameters are within this range.',
    });
    expect(failure({ q: '*', sort_by: 'name:asc' })).toEqual({
      status: 404,
      message: 'Could not find a field named `name` in the schema for sorting.',
    });
  });

  it('shapes the response like Typesense', () => {
    const result = search({ q: '*', per_page: 1, include_fields: 'name,price' });
    expect(Object.keys(result)).toEqual([
      'facet_counts',
      'found',
      'hits',
      'out_of',
      'page',
      'request_params',
      'search_cutoff',
      'search_time_ms',
    ]);
    expect(result.request_params).toEqual({ collection_name: 'products', first_q: '*', per_page: 1, q: '*' });
    expect((result.hits as JsonObject[])[0]?.document).toEqual({ name: 'Cotton Tee Navy', price: 18 });
    expect(
      (search({ q: '*', per_page: 1, exclude_fields: 'category,colors,name' }).hits as JsonObject[])[0]?.document,
    ).toEqual({
      availability: 'in stock',
      default_position: 5,
      id: '5',
      price: 18,
      show_on_plp: true,
    });
  });
});

describe('filters and facets', () => {
  it('filters with hierarchical exact values, booleans and negations', () => {
    expect(ids(search({ q: '*', filter_by: 'category:=`Underwear > Boxer Briefs` && show_on_plp:true' }))).toEqual([
      '3',
      '1',
    ]);
    expect(ids(search({ q: '*', filter_by: 'colors:!=Navy' }))).toEqual(['2', '1']);
    expect(ids(search({ q: '*', filter_by: 'fit:!=Slim' }))).toEqual(['5', '4', '3', '1']);
    expect(ids(search({ q: '*', filter_by: 'name:Ever*' }))).toEqual(['3']);
    expect(ids(search({ q: '*', filter_by: 'category:=Tops*' }))).toEqual(['5']);
    expect(ids(search({ q: '*', filter_by: 'id:[1,2] || price:<16' }))).toEqual(['4', '2', '1']);
  });

  it('counts facets over all matches, with stats for numbers', () => {
    const result = search({ q: '*', facet_by: 'colors,price', per_page: 0 });
    expect(result.hits).toEqual([]);
    const [colors, price] = result.facet_counts as JsonObject[];
    expect(colors).toEqual({
      counts: [
        { count: 3, highlighted: 'Navy', value: 'Navy' },
        { count: 2, highlighted: 'Black', value: 'Black' },
        { count: 1, highlighted: 'White', value: 'White' },
      ],
      field_name: 'colors',
      sampled: false,
      stats: { total_values: 3 },
    });
    expect(price?.stats).toEqual({ avg: 21.7, max: 30, min: 15, sum: 108.5, total_values: 5 });
  });

  it('expands facet_by * to every faceted field and honours max_facet_values', () => {
    const result = search({ q: '*', facet_by: '*', max_facet_values: 1, per_page: 0 });
    const facets = result.facet_counts as JsonObject[];
    expect(facets.map((facet) => facet.field_name)).toEqual(['category', 'colors', 'fit', 'price']);
    expect((facets[0]?.counts as JsonObject[]).map((count) => count.value)).toEqual(['Underwear']);
  });

  it('filters facet values with facet_query and highlights them', () => {
    const result = search({ q: '*', facet_by: 'category', facet_query: 'category: box' });
    expect(result.hits).toEqual([]);
    expect((result.facet_counts as JsonObject[])[0]?.counts).toEqual([
      { count: 3, highlighted: 'Underwear > <mark>Box</mark>er Briefs', value: 'Underwear > Boxer Briefs' },
    ]);
  });
});
