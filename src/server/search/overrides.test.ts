import { describe, expect, it } from 'vitest';
import { SearchEngine, type JsonObject } from './engine.ts';
import type { SearchError } from './errors.ts';

function setup(): SearchEngine {
  const engine = new SearchEngine();
  engine.createCollection({
    name: 'products',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'brand', type: 'string', facet: true },
      { name: 'position', type: 'int32' },
    ],
  });
  const documents = [
    ['1', 'Shirt', 'Acme', 1],
    ['2', 'Shirt Deluxe', 'Zeta', 2],
    ['3', 'Shorts', 'Acme', 3],
    ['4', 'Socks', 'Zeta', 4],
  ] as const;
  for (const [id, name, brand, position] of documents) engine.writeDocument('products', { id, name, brand, position });
  return engine;
}

const ids = (result: JsonObject) => (result.hits as { document: { id: string } }[]).map((hit) => hit.document.id);
const sorted = { sort_by: 'position:asc' };

describe('overrides', () => {
  it('validates definitions with Typesense messages', () => {
    const engine = setup();
    const attempt = (body: unknown) => {
      try {
        engine.upsertOverride('products', 'r', body);
        return null;
      } catch (error) {
        return (error as SearchError).message;
      }
    };
    expect(attempt({ includes: [] })).toBe('Missing `rule` definition.');
    expect(attempt({ rule: { query: 'x' }, includes: [] })).toBe(
      'The `rule` definition must contain either a `tags` or a `query` and `match`.',
    );
    expect(attempt({ rule: { query: 'x', match: 'exact' } })).toBe(
      'Must contain one of: `includes`, `excludes`, `metadata`, `filter_by`, `sort_by`, `remove_matched_tokens`, `replace_query`.',
    );
    expect(attempt({ rule: { query: 'x', match: 'exact' }, includes: [{ id: '1' }] })).toBe(
      'Inclusion definition must define both `id` and `position` keys.',
    );
    expect(attempt({ rule: { query: 'x', match: 'exact' }, excludes: [{ id: 1 }] })).toBe(
      'Exclusion `id` must be a string.',
    );
    expect(attempt({ rule: { query: 'x', match: 'exact' }, replace_query: 'y', remove_matched_tokens: true })).toBe(
      'Only one of `replace_query` or `remove_matched_tokens` can be specified.',
    );
    expect(
      attempt({ rule: { query: 'x', match: 'exact' }, replace_query: 'y', remove_matched_tokens: false }),
    ).toBeNull();
    expect(attempt({ rule: { query: 'x', match: 'exact' }, sort_by: 3 })).toBe('The `sort_by` must be a string.');
  });

  it("reads back sort_by and replace_query, and checks an override's sort_by when its rule applies", () => {
    const engine = setup();
    engine.upsertOverride('products', 'by-position', {
      rule: { query: 'shirt', match: 'contains' },
      sort_by: 'position:desc',
      replace_query: 'shirt',
    });
    expect(engine.getOverride('products', 'by-position')).toMatchObject({
      sort_by: 'position:desc',
      replace_query: 'shirt',
    });
    expect(ids(engine.search('products', { q: 'shirt', query_by: 'name', ...sorted }))).toEqual(['2', '1']);
    engine.upsertOverride('products', 'broken', {
      rule: { query: 'socks', match: 'exact' },
      sort_by: 'position:sideways',
    });
    expect(() => engine.search('products', { q: 'socks', query_by: 'name' })).toThrow(
      'Order for field` position` should be',
    );
    expect(ids(engine.search('products', { q: 'shorts', query_by: 'name', num_typos: '0' }))).toEqual(['3']);
  });

  it('stores, lists, reads back and deletes rules', () => {
    const engine = setup();
    const body = { rule: { query: 'shirt', match: 'exact' }, includes: [{ id: '4', position: 1 }] };
    expect(engine.upsertOverride('products', 'b-rule', body)).toEqual({ ...body, id: 'b-rule' });
    engine.upsertOverride('products', 'a-rule', { rule: { tags: ['x'] }, excludes: [{ id: '1' }] });
    expect(engine.listOverrides('products').map((override) => override.id)).toEqual(['a-rule', 'b-rule']);
    expect(engine.getOverride('products', 'b-rule')).toEqual({
      excludes: [],
      filter_curated_hits: false,
      id: 'b-rule',
      includes: [{ id: '4', position: 1 }],
      remove_matched_tokens: false,
      rule: { match: 'exact', query: 'shirt' },
      stop_processing: false,
    });
    expect(engine.deleteOverride('products', 'b-rule')).toEqual({ id: 'b-rule' });
    expect(() => engine.getOverride('products', 'b-rule')).toThrow('Could not find that `id`.');
  });

  it('pins, hides and filters by query', () => {
    const engine = setup();
    engine.upsertOverride('products', 'pin', {
      rule: { query: 'shirt', match: 'exact' },
      includes: [{ id: '4', position: 2 }],
      excludes: [{ id: '2' }],
    });
    expect(ids(engine.search('products', { q: 'shirt', query_by: 'name', ...sorted }))).toEqual(['1', '4']);
    expect(
      ids(engine.search('products', { q: 'shirt', query_by: 'name', ...sorted, enable_overrides: false })),
    ).toEqual(['1', '2']);
  });

  it('applies tagged rules only for their tags, with either spelling', () => {
    const engine = setup();
    engine.upsertOverride('products', 'suggested', {
      rule: { tags: ['suggested_products'] },
      includes: [{ id: '3', position: 1 }],
    });
    expect(ids(engine.search('products', { q: '*', ...sorted }))).toEqual(['1', '2', '3', '4']);
    expect(ids(engine.search('products', { q: '*', ...sorted, override_tags: 'suggested_products' }))).toEqual([
      '3',
      '1',
      '2',
      '4',
    ]);
    expect(ids(engine.search('products', { q: '*', ...sorted, curation_tags: 'suggested_products' }))).toEqual([
      '3',
      '1',
      '2',
      '4',
    ]);
  });

  it('filters by rule, removes the matched words and stops processing', () => {
    const engine = setup();
    engine.upsertOverride('products', 'a-acme', {
      rule: { query: 'acme', match: 'contains' },
      filter_by: 'brand:=Acme',
      stop_processing: true,
    });
    engine.upsertOverride('products', 'b-never', {
      rule: { query: 'acme', match: 'contains' },
      excludes: [{ id: '1' }],
    });
    expect(ids(engine.search('products', { q: 'acme shorts', query_by: 'name', ...sorted }))).toEqual(['3']);
    expect(ids(engine.search('products', { q: 'acme', query_by: 'name', ...sorted }))).toEqual(['1', '3']);
  });

  it('matches a rule on the filter', () => {
    const engine = setup();
    engine.upsertOverride('products', 'zeta', {
      rule: { filter_by: 'brand:=Zeta' },
      includes: [{ id: '1', position: 1 }],
    });
    expect(ids(engine.search('products', { q: '*', filter_by: 'brand:=Zeta', ...sorted }))).toEqual(['1', '2', '4']);
    expect(
      ids(engine.search('products', { q: '*', filter_by: 'brand:=Zeta', ...sorted, filter_curated_hits: true })),
    ).toEqual(['2', '4']);
  });

  it('takes pinned_hits and hidden_hits from the request', () => {
    const engine = setup();
    expect(ids(engine.search('products', { q: '*', ...sorted, pinned_hits: '4:1,3:2', hidden_hits: '1' }))).toEqual([
      '4',
      '3',
      '2',
    ]);
    expect(() => engine.search('products', { q: '*', pinned_hits: 'x' })).toThrow(
      'Pinned hits are not in expected format.',
    );
  });
});
