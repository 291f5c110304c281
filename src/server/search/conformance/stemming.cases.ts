import type { ConformanceCase } from './case.ts';

const MORE = 'test/collection_specific_more_test.cpp';

export const STEMMING_AND_WILDCARD_CASES: ConformanceCase[] = [
  {
    name: 'a stem field finds other forms of the word and highlights them',
    source: `${MORE} StemmingEnglish, StemmingEnglishHighlights`,
    fixture: 'stemmed',
    params: { q: 'run', query_by: 'word', num_typos: 0, prefix: false, drop_tokens_threshold: 1 },
    expect: { ids: ['7'], snippet: { field: 'word', value: '<mark>Running</mark> <mark>runs</mark>' } },
  },
  {
    name: 'every form of a word',
    source: `${MORE} TestStemming2`,
    fixture: 'stemmed',
    params: { q: 'Walking', query_by: 'word', num_typos: 0, drop_tokens_threshold: 0 },
    expect: { found: 7 },
  },
  {
    name: 'the query is stemmed once',
    source: `${MORE} EnsureNoDoubleStemming`,
    fixture: 'stemmed',
    params: { q: 'oringer', query_by: 'word', num_typos: 0, drop_tokens_threshold: 0 },
    expect: { ids: ['8'] },
  },
  {
    name: 'a stem_dictionary field finds a word by its root',
    source: `${MORE} StemmingDictionary`,
    fixture: 'dictionaryStemmed',
    params: { q: 'person', query_by: 'title', num_typos: 0 },
    expect: { ids: ['0'] },
  },
  {
    name: 'a field without the dictionary does not',
    source: `${MORE} StemmingDictionary`,
    fixture: 'notStemmed',
    params: { q: 'person', query_by: 'title', num_typos: 0 },
    expect: { found: 0 },
  },
  {
    name: 'the query is stemmed by the dictionary too',
    source: 'src/stemmer_manager.cpp Stemmer::stem',
    fixture: 'dictionaryStemmed',
    params: { q: 'people', query_by: 'title', num_typos: 0 },
    expect: { ids: ['0'] },
  },
  {
    name: 'a word the dictionary does not have is not stemmed by Porter2 either',
    source: 'src/stemmer_manager.cpp Stemmer::stem',
    fixture: 'dictionaryStemmed',
    params: { q: 'run', query_by: 'title', num_typos: 0, prefix: false },
    expect: { found: 0 },
    note: 'A field with a dictionary stems by the dictionary alone: a word it lacks stays as it is.',
  },
  {
    name: 'a sortable string field is the default sorting field',
    source: 'src/field.cpp fields_to_json_fields (is_str_sortable)',
    fixture: 'sortedByName',
    params: { q: '*' },
    expect: { ids: ['2', '0', '1'] },
  },
  {
    name: 'and can be sorted on',
    source: 'src/collection.cpp validate_and_standardize_sort_fields',
    fixture: 'sortedByName',
    params: { q: '*', sort_by: 'name:asc' },
    expect: { ids: ['1', '0', '2'] },
  },
  {
    name: 'facet_by with a trailing wildcard',
    source: 'src/collection.cpp parse_facet',
    fixture: 'sortedByName',
    params: { q: '*', facet_by: 'attr_*' },
    expect: {
      facetFields: ['attr_color', 'attr_size'],
      facetCounts: [
        ['Black', 2],
        ['Navy', 1],
      ],
    },
  },
  {
    name: 'facet_by with a wildcard elsewhere',
    source: 'src/collection.cpp parse_facet',
    fixture: 'sortedByName',
    params: { q: '*', facet_by: 'attr_*_x' },
    expect: { status: 404, message: 'Only prefix matching with a wildcard is allowed.' },
  },
  {
    name: 'facet_by with a leading wildcard',
    source: 'src/collection.cpp parse_facet',
    fixture: 'sortedByName',
    params: { q: '*', facet_by: '*color' },
    expect: { status: 404, message: 'Only prefix matching with a wildcard is allowed.' },
  },
  {
    name: 'facet_by with a prefix no field has',
    source: 'src/collection.cpp parse_facet',
    fixture: 'sortedByName',
    params: { q: '*', facet_by: 'nope_*' },
    expect: { status: 404, message: 'Could not find a facet field for `nope_*` in the schema.' },
  },
  {
    name: 'facet_query on a wildcard facet',
    source: 'src/collection.cpp parse_facet_query',
    fixture: 'sortedByName',
    params: { q: '*', facet_by: 'attr_*', facet_query: 'attr_color: bla', per_page: 10 },
    expect: { facetCounts: [['Black', 2]] },
  },
];
