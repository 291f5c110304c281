import type { ConformanceCase } from './case.ts';

const COLLECTION_TEST = 'test/collection_test.cpp';

export const PAGINATION_CASES: ConformanceCase[] = [
  {
    name: 'more than 250 per page',
    source: `${COLLECTION_TEST} MultipleFields (pagination)`,
    fixture: 'movies',
    params: { q: 'w', query_by: 'title', per_page: 251 },
    expect: { status: 422, message: 'Only upto 250 hits can be fetched per page.' },
  },
  {
    name: 'page 0 is the first page',
    source: `${COLLECTION_TEST} MultipleFields (pagination)`,
    fixture: 'movies',
    params: { q: '*', sort_by: 'points:desc', per_page: 3, page: 0 },
    expect: { ids: ['11', '3', '2'] },
  },
  {
    name: 'second page',
    source: `${COLLECTION_TEST} MultipleFields (pagination)`,
    fixture: 'movies',
    params: { q: '*', sort_by: 'points:desc', per_page: 3, page: 2 },
    expect: { ids: ['16', '6', '8'], found: 18 },
  },
  {
    name: 'offset and limit',
    source: 'src/collection_manager.cpp do_search',
    fixture: 'movies',
    params: { q: '*', sort_by: 'points:desc', offset: 1, limit: 2 },
    expect: { ids: ['3', '2'] },
  },
  {
    name: 'q is required',
    source: 'src/collection_manager.cpp do_search',
    fixture: 'movies',
    params: { query_by: 'title' },
    expect: { status: 400, message: 'Parameter `q` is required.' },
  },
  {
    name: 'query_by field not in the schema',
    source: `${COLLECTION_TEST} SearchingForRecordsWithSpecialChars / query field errors`,
    fixture: 'movies',
    params: { q: 'the', query_by: 'titlez' },
    expect: { status: 404, message: 'Could not find a field named `titlez` in the schema.' },
  },
  {
    name: 'query_by a number',
    source: `${COLLECTION_TEST} query field errors`,
    fixture: 'movies',
    params: { q: 'the', query_by: 'points' },
    expect: { status: 400, message: 'Field `points` should be a string or a string array.' },
  },
  {
    name: 'no query_by with a keyword query',
    source: 'src/collection.cpp search',
    fixture: 'movies',
    params: { q: 'the' },
    expect: { status: 400, message: 'No search fields specified for the query.' },
  },
  {
    name: 'weights for fewer fields',
    source: 'src/collection.cpp search',
    fixture: 'movies',
    params: { q: 'the', query_by: 'title,starring', query_by_weights: '2' },
    expect: {
      status: 400,
      message: 'Number of weights in `query_by_weights` does not match number of `query_by` fields.',
    },
  },
  {
    name: 'per_page not a number',
    source: 'src/collection_manager.cpp add_unsigned_int_param',
    fixture: 'movies',
    params: { q: '*', per_page: 'ten' },
    expect: { status: 400, message: 'Parameter `per_page` must be an unsigned integer.' },
  },
  {
    name: 'unknown parameters are ignored',
    source: 'src/collection_manager.cpp do_search',
    fixture: 'movies',
    params: { q: '*', no_such_parameter: 'x', per_page: 1, sort_by: 'points:desc' },
    expect: { ids: ['11'] },
  },
  {
    name: 'typo tolerance finds a one-typo word',
    source: `${COLLECTION_TEST} TypoTokensThreshold`,
    fixture: 'movies',
    params: { q: 'hunteing', query_by: 'title' },
    expect: { ids: ['3'] },
  },
  {
    name: 'prefix on the last word',
    source: `${COLLECTION_TEST} PrefixSearching`,
    fixture: 'movies',
    params: { q: 'silenc', query_by: 'title' },
    expect: { ids: ['11'] },
  },
  {
    name: 'words dropped from the right when nothing matches all',
    source: `${COLLECTION_TEST} DropTokensTillOneToken`,
    fixture: 'movies',
    params: { q: 'gospel unknownword', query_by: 'title', num_typos: 0 },
    expect: { ids: ['16'] },
  },
];
