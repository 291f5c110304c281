import type { ConformanceCase } from './case.ts';

const OVERRIDES = 'test/collection_override_test.cpp';

const excludeOf = {
  id: 'exclude-rule',
  body: { rule: { query: 'of', match: 'exact' }, excludes: [{ id: '4' }, { id: '11' }] },
};
const includeIn = {
  id: 'include-rule',
  body: {
    rule: { query: 'in', match: 'exact' },
    includes: [
      { id: '0', position: 1 },
      { id: '3', position: 2 },
    ],
  },
};
const includeWill = {
  id: 'include-rule',
  body: {
    rule: { query: 'will', match: 'contains' },
    includes: [
      { id: '0', position: 1 },
      { id: '1', position: 7 },
    ],
  },
};
const includeNotFound = (filterCuratedHits?: boolean) => ({
  id: 'include-rule',
  body: {
    rule: { query: 'not-found', match: 'exact' },
    metadata: { foo: 'bar' },
    includes: [
      { id: '0', position: 1 },
      { id: '2', position: 2 },
    ],
    ...(filterCuratedHits === undefined ? {} : { filter_curated_hits: filterCuratedHits }),
  },
});
const staticSort = {
  id: 'static-sort',
  body: { rule: { query: 'shoes', match: 'contains' }, remove_matched_tokens: true, sort_by: 'price:desc' },
};
const notFoundSearch = {
  q: 'not-found',
  query_by: 'title',
  filter_by: 'points:>70',
  facet_by: 'starring',
  num_typos: 0,
  prefix: false,
};

export const OVERRIDE_CASES: ConformanceCase[] = [
  {
    name: 'exact rule excludes hits',
    source: `${OVERRIDES} ExcludeIncludeExactQueryMatch`,
    fixture: 'movies',
    overrides: [excludeOf],
    params: { q: 'of', query_by: 'title', facet_by: 'cast', num_typos: 0 },
    expect: { found: 3, ids: ['12', '5', '17'] },
  },
  {
    name: 'exact rule pins hits and marks them curated',
    source: `${OVERRIDES} ExcludeIncludeExactQueryMatch`,
    fixture: 'movies',
    overrides: [excludeOf, includeIn],
    params: { q: 'in', query_by: 'title', num_typos: 0 },
    expect: { found: 3, ids: ['0', '3', '13'], curated: [true, true, false] },
  },
  {
    name: 'contains rule; a position past the end goes last',
    source: `${OVERRIDES} ExcludeIncludeExactQueryMatch`,
    fixture: 'movies',
    overrides: [includeWill],
    params: { q: 'will smith', query_by: 'title', num_typos: 0 },
    expect: { found: 4, ids: ['0', '3', '2', '1'] },
  },
  {
    name: 'contains needs whole words',
    source: `${OVERRIDES} ExcludeIncludeExactQueryMatch`,
    fixture: 'movies',
    overrides: [includeWill],
    params: { q: 'dowillow', query_by: 'title', num_typos: 0 },
    expect: { found: 0 },
  },
  {
    name: 'enable_overrides=false',
    source: `${OVERRIDES} ExcludeIncludeExactQueryMatch`,
    fixture: 'movies',
    overrides: [includeWill],
    params: { q: 'will', query_by: 'title', num_typos: 0, enable_overrides: false },
    expect: { found: 2, ids: ['3', '2'] },
  },
  {
    name: 'enable_overrides=true',
    source: `${OVERRIDES} ExcludeIncludeExactQueryMatch`,
    fixture: 'movies',
    overrides: [includeWill],
    params: { q: 'will', query_by: 'title', num_typos: 0, enable_overrides: true },
    expect: { found: 4 },
  },
  {
    name: 'filter_curated_hits in the rule, with metadata',
    source: `${OVERRIDES} IncludeHitsFilterOverrides`,
    fixture: 'movies',
    overrides: [includeNotFound(true)],
    params: notFoundSearch,
    expect: { hitCount: 1, metadata: { foo: 'bar' } },
  },
  {
    name: 'filter_curated_hits off in the rule',
    source: `${OVERRIDES} IncludeHitsFilterOverrides`,
    fixture: 'movies',
    overrides: [includeNotFound(false)],
    params: notFoundSearch,
    expect: { hitCount: 2 },
  },
  {
    name: 'curated hits are not filtered by default',
    source: `${OVERRIDES} IncludeHitsFilterOverrides`,
    fixture: 'movies',
    overrides: [includeNotFound()],
    params: notFoundSearch,
    expect: { hitCount: 2 },
  },
  {
    name: 'the parameter wins over the rule (on)',
    source: `${OVERRIDES} IncludeHitsFilterOverrides`,
    fixture: 'movies',
    overrides: [includeNotFound(false)],
    params: { ...notFoundSearch, filter_curated_hits: true },
    expect: { hitCount: 1 },
  },
  {
    name: 'the parameter wins over the rule (off)',
    source: `${OVERRIDES} IncludeHitsFilterOverrides`,
    fixture: 'movies',
    overrides: [includeNotFound(true)],
    params: { ...notFoundSearch, filter_curated_hits: false },
    expect: { hitCount: 2 },
  },
  {
    name: 'pinned_hits and hidden_hits parameters',
    source: 'src/collection.cpp curate_results',
    fixture: 'movies',
    params: { q: 'of', query_by: 'title', num_typos: 0, pinned_hits: '1:1', hidden_hits: '11' },
    expect: { ids: ['1', '12', '5', '4', '17'], curated: [true, false, false, false, false] },
  },
  {
    name: 'tagged rule only with its tag',
    source: 'src/collection.cpp curate_results',
    fixture: 'movies',
    overrides: [
      { id: 'tagged', body: { rule: { tags: ['suggested_products'] }, includes: [{ id: '9', position: 1 }] } },
    ],
    params: { q: '*', override_tags: 'suggested_products', per_page: 1 },
    expect: { ids: ['9'], curated: [true] },
  },
  {
    name: 'tagged rule left alone without tags',
    source: 'src/collection.cpp does_override_match',
    fixture: 'movies',
    overrides: [
      { id: 'tagged', body: { rule: { tags: ['suggested_products'] }, includes: [{ id: '9', position: 1 }] } },
    ],
    params: { q: '*', per_page: 1, sort_by: 'points:desc' },
    expect: { ids: ['11'] },
  },
  {
    name: 'rule filter_by with remove_matched_tokens',
    source: `${OVERRIDES} FilterOverrides (static filter)`,
    fixture: 'movies',
    overrides: [
      { id: 'scott', body: { rule: { query: 'scott', match: 'contains' }, filter_by: 'starring:= Scott Glenn' } },
    ],
    params: { q: 'scott', query_by: 'title,starring', num_typos: 0, sort_by: 'points:desc' },
    expect: { found: 3, ids: ['11', '10', '9'] },
    note: 'The matched word is removed (remove_matched_tokens defaults to true with filter_by), leaving a wildcard query.',
  },
  {
    name: 'replace_query searches other words when the rule matches',
    source: `${OVERRIDES} ReplaceQuery`,
    fixture: 'shoes',
    overrides: [{ id: 'rule-1', body: { rule: { query: 'boots', match: 'exact' }, replace_query: 'shoes' } }],
    params: { q: 'boots', query_by: 'name', sort_by: '_text_match:desc,points:desc', num_typos: 2 },
    expect: { ids: ['1', '0'] },
  },
  {
    name: 'replace_query turns the wildcard into words',
    source: `${OVERRIDES} ReplaceWildcardQueryWithKeyword`,
    fixture: 'shoes',
    overrides: [{ id: 'rule-1', body: { rule: { query: '*', match: 'exact' }, replace_query: 'shoes' } }],
    params: { q: '*', query_by: 'name', sort_by: '_text_match:desc,points:desc', num_typos: 2 },
    expect: { ids: ['1', '0'] },
  },
  {
    name: 'which then needs query_by',
    source: `${OVERRIDES} ReplaceWildcardQueryWithKeyword`,
    fixture: 'shoes',
    overrides: [{ id: 'rule-1', body: { rule: { query: '*', match: 'exact' }, replace_query: 'shoes' } }],
    params: { q: '*' },
    expect: { status: 400, message: 'Missing `query_by` parameter.' },
  },
  {
    name: "sort_by replaces the query's sort when the rule matches",
    source: `${OVERRIDES} StaticSorting`,
    fixture: 'pricedShoes',
    overrides: [staticSort],
    params: { q: 'shoes', query_by: 'name', sort_by: '_text_match:desc,points:desc', num_typos: 2 },
    expect: { ids: ['0', '1'] },
  },
  {
    name: 'and leaves other queries in their own order',
    source: 'typesense.org/docs/29.0/api/curation.html (sort_by: applied to any search query that matches the rule)',
    fixture: 'pricedShoes',
    overrides: [staticSort],
    params: { q: '*', query_by: 'name' },
    expect: { ids: ['1', '0'] },
    note: 'Typesense 29 takes the sort_by of an untagged override before it checks the rule (curate_results), so it sorts every query; the documentation, followed here, says a matching one.',
  },
];
