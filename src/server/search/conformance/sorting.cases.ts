import type { ConformanceCase } from './case.ts';

const SORTING = 'test/collection_sorting_test.cpp';

const missing = (name: string, sort_by: string, ids: string[]): ConformanceCase => ({
  name,
  source: `${SORTING} SortingMissingValues (optional int32, one null)`,
  fixture: 'missingPoints',
  params: { q: '*', sort_by },
  expect: { ids },
});

export const SORTING_CASES: ConformanceCase[] = [
  missing('missing numbers end last on ascending', 'points:asc', ['0', '1', '3', '2']),
  missing('missing numbers end last on descending', 'points:desc', ['3', '1', '0', '2']),
  missing('missing first, ascending', 'points(missing_values: first):asc', ['2', '0', '1', '3']),
  missing('missing last, ascending', 'points(missing_values: last):asc', ['0', '1', '3', '2']),
  missing('missing first, descending', 'points(missing_values: first):desc', ['2', '3', '1', '0']),
  missing('missing last, descending', 'points(missing_values: last):desc', ['3', '1', '0', '2']),
  {
    name: 'empty string first, ascending',
    source: `${SORTING} SortByStringEmptyValuesConfigFirstField`,
    fixture: 'sortTitles',
    params: { q: '*', query_by: 'title', sort_by: 'title(missing_values: first):asc' },
    expect: { ids: ['2', '0', '1', '3'] },
  },
  {
    name: 'empty string last, ascending',
    source: `${SORTING} SortByStringEmptyValuesConfigFirstField`,
    fixture: 'sortTitles',
    params: { q: '*', query_by: 'title', sort_by: 'title(missing_values: last):asc' },
    expect: { ids: ['0', '1', '3', '2'] },
  },
  {
    name: 'empty string first, descending',
    source: `${SORTING} SortByStringEmptyValuesConfigFirstField`,
    fixture: 'sortTitles',
    params: { q: '*', query_by: 'title', sort_by: 'title(missing_values: first):desc' },
    expect: { ids: ['2', '3', '1', '0'] },
  },
  {
    name: 'empty strings are the highest value by default',
    source: 'typesense-website docs/api/search.md Sorting null, empty or missing values',
    fixture: 'sortTitles',
    params: { q: '*', query_by: 'title', sort_by: 'title:desc' },
    expect: { ids: ['2', '3', '1', '0'] },
  },
  {
    name: 'unknown sort field',
    source: 'test/collection_all_fields_test.cpp',
    fixture: 'movies',
    params: { q: '*', sort_by: 'not-found:desc' },
    expect: { status: 404, message: 'Could not find a field named `not-found` in the schema for sorting.' },
  },
  {
    name: 'string field without sort: true',
    source: 'src/collection.cpp validate_and_standardize_sort_fields',
    fixture: 'movies',
    params: { q: '*', sort_by: 'title:asc' },
    expect: { status: 404, message: 'Could not find a field named `title` in the schema for sorting.' },
  },
  {
    name: 'bad order',
    source: 'src/collection.cpp validate_and_standardize_sort_fields',
    fixture: 'movies',
    params: { q: '*', sort_by: 'points:up' },
    expect: { status: 400, message: 'Order for field` points` should be either ASC or DESC.' },
  },
  {
    name: 'four sort fields',
    source: 'src/collection_manager.cpp do_search',
    fixture: 'movies',
    params: { q: '*', sort_by: 'points:asc,points:desc,points:asc,points:desc' },
    expect: { status: 400, message: 'Only upto 3 sort fields are allowed.' },
  },
  {
    name: 'malformed sort_by',
    source: 'src/collection_manager.cpp do_search',
    fixture: 'movies',
    params: { q: '*', sort_by: 'points' },
    expect: { status: 400, message: 'Parameter `sort_by` is malformed.' },
  },
  {
    name: 'default sorting field breaks text-match ties, then newest first',
    source: 'test/collection_override_test.cpp ExcludeIncludeExactQueryMatch (without the rule)',
    fixture: 'movies',
    params: { q: 'of', query_by: 'title', num_typos: 0 },
    expect: { ids: ['11', '12', '5', '4', '17'] },
  },
];
