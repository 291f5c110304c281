import type { ConformanceCase } from './case.ts';
import { exact } from './case.ts';

const FACETING = 'test/collection_faceting_test.cpp FacetCounts';
const base = { ...exact, query_by: 'name', sort_by: 'age:desc' };
const facetCase = (
  name: string,
  params: ConformanceCase['params'],
  expect: ConformanceCase['expect'],
  note?: string,
): ConformanceCase => ({
  name,
  source: FACETING,
  fixture: 'numericArrays',
  params: { ...base, ...params },
  expect,
  ...(note ? { note } : {}),
});

const ALL_TAGS: [string, number][] = [
  ['gold', 3],
  ['silver', 3],
  ['bronze', 2],
  ['FINE PLATINUM', 1],
];
const TAGS_OVER_24: [string, number][] = [
  ['silver', 2],
  ['gold', 1],
  ['bronze', 1],
  ['FINE PLATINUM', 1],
];

export const FACETING_CASES: ConformanceCase[] = [
  facetCase(
    'single facet, ties broken by the shorter value',
    { q: 'Jeremy', facet_by: 'tags' },
    { hitCount: 5, facetFields: ['tags'], facetCounts: ALL_TAGS },
  ),
  facetCase(
    'max_facet_values',
    { q: 'Jeremy', facet_by: 'tags', max_facet_values: 2 },
    {
      facetCounts: [
        ['gold', 3],
        ['silver', 3],
      ],
    },
  ),
  facetCase(
    'two facets keep their order; values are stored, not tokenized',
    { q: 'Jeremy', facet_by: 'tags,name_facet' },
    { facetFields: ['tags', 'name_facet'] },
  ),
  facetCase(
    'counts over the filtered results',
    { q: 'Jeremy', facet_by: 'tags', filter_by: 'age: >24' },
    { hitCount: 3, facetCounts: TAGS_OVER_24 },
  ),
  facetCase(
    'counts with a wildcard query',
    { q: '*', facet_by: 'tags', filter_by: 'age: >24' },
    { hitCount: 3, facetCounts: TAGS_OVER_24 },
  ),
  facetCase(
    'facet query with a typo',
    { q: '*', facet_by: 'tags', facet_query: ' tags : sliver' },
    { hitCount: 5, facetCounts: [['silver', 3]] },
  ),
  facetCase(
    'facet query of two words with typos highlights the matched parts',
    { q: '*', facet_by: 'tags', facet_query: 'tags: fxne platim', per_page: 10 },
    { facetCounts: [['FINE PLATINUM', 1]], facetHighlights: ['<mark>FINE</mark> <mark>PLATIN</mark>UM'] },
  ),
  facetCase(
    'facet query on the first word of a value',
    { q: '*', facet_by: 'tags', facet_query: 'tags: fine', per_page: 10 },
    { hitCount: 5, facetCounts: [['FINE PLATINUM', 1]] },
  ),
  facetCase(
    'facet query on the second word of a value',
    { q: '*', facet_by: 'tags', facet_query: 'tags: pltinum', per_page: 10 },
    { facetCounts: [['FINE PLATINUM', 1]] },
  ),
  facetCase('facet_by with a prefix wildcard', { q: 'Jeremy', facet_by: 'ag*' }, { hitCount: 5, facetFields: ['age'] }),
  facetCase(
    'facet query on an integer field',
    { q: '*', facet_by: 'age', facet_query: 'age: 2', per_page: 10 },
    { facetHighlights: ['<mark>2</mark>4', '<mark>2</mark>1'] },
    'The order of the two equal counts follows the documents (Typesense picks by document id).',
  ),
  facetCase(
    'facet query on an int64 array',
    { q: '*', facet_by: 'timestamps', facet_query: 'timestamps: 142189002', per_page: 10 },
    { hitCount: 5, facetCounts: [['1421890022', 2]], facetHighlights: ['<mark>142189002</mark>2'] },
  ),
  facetCase(
    'stats of a numeric facet',
    { q: '*', facet_by: 'timestamps' },
    { facetStats: { min: 348974822, max: 1453426022, sum: 13275854664, avg: 1106321222, total_values: 9 } },
  ),
  facetCase(
    'facet query that matches nothing',
    { q: '*', facet_by: 'tags', facet_query: ' tags : notfound', per_page: 10 },
    { hitCount: 5, facetCounts: [] },
  ),
  facetCase(
    'empty facet query value counts everything',
    { q: '*', facet_by: 'tags', facet_query: 'tags: ', per_page: 10 },
    { hitCount: 5, facetCounts: ALL_TAGS },
  ),
  facetCase(
    'wildcard facet_by takes only faceted fields',
    { q: '*', facet_by: 'nam*' },
    { hitCount: 5, facetFields: ['name_facet'] },
  ),
  facetCase(
    'wildcard facet_by without counts is left out',
    { q: '*', facet_by: 'optio*' },
    { hitCount: 5, facetFields: [] },
  ),
  facetCase(
    'named facet without counts stays',
    { q: '*', facet_by: 'optional_facet' },
    { facetFields: ['optional_facet'], facetCounts: [] },
  ),
  {
    name: 'facet query per_page defaults to 0',
    source: 'src/collection_manager.cpp do_search',
    fixture: 'numericArrays',
    params: { q: '*', facet_by: 'tags', facet_query: 'tags: gold' },
    expect: { found: 5, hitCount: 0 },
    note: 'do_search sets per_page to 0 when facet_query comes without per_page; not in the docs.',
  },
  facetCase(
    'facet on a non-facet field',
    { q: 'Jeremy', facet_by: 'name' },
    {
      status: 404,
      message: 'Could not find a facet field named `name` in the schema.',
    },
  ),
  facetCase(
    'facet query without facet_by',
    { q: '*', facet_query: 'tags: gold' },
    {
      status: 400,
      message: 'The `facet_query` parameter is supplied without a `facet_by` parameter.',
    },
  ),
  facetCase(
    'facet query on another field',
    { q: '*', facet_by: 'tags', facet_query: 'age: 2' },
    {
      status: 400,
      message: 'Facet query refers to a facet field `age` that is not part of `facet_by` parameter.',
    },
  ),
  facetCase(
    'facet query without a colon',
    { q: '*', facet_by: 'tags', facet_query: 'gold' },
    {
      status: 400,
      message: 'Facet query must be in the `facet_field: value` format.',
    },
  ),
];
