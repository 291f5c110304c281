import type { ConformanceCase } from './case.ts';

const SPECIFIC = 'test/collection_specific_test.cpp';
const phrase = (name: string, q: string, expect: ConformanceCase['expect'], filterBy?: string): ConformanceCase => ({
  name,
  source: `${SPECIFIC} PhraseSearch`,
  fixture: 'phraseTitles',
  params: {
    q,
    query_by: 'title',
    num_typos: 0,
    prefix: false,
    drop_tokens_threshold: 10,
    ...(filterBy ? { filter_by: filterBy } : {}),
  },
  expect,
});

export const QUERY_SYNTAX_CASES: ConformanceCase[] = [
  {
    name: 'without quotes the words may be apart',
    source: `${SPECIFIC} PhraseSearch`,
    fixture: 'phraseTitles',
    params: { q: 'down there by', query_by: 'title', num_typos: 0, prefix: false, drop_tokens_threshold: 0 },
    expect: { ids: ['1', '0'] },
  },
  phrase('a phrase with padded quotes', '" down there by "', {
    ids: ['1'],
    snippet: { field: 'title', value: '<mark>Down</mark> <mark>There</mark> <mark>by</mark> the Train' },
  }),
  phrase('a phrase and an excluded word', '"by the" -train', {
    ids: ['0'],
    snippet: { field: 'title', value: 'Then and there <mark>by</mark> <mark>the</mark> down' },
  }),
  phrase('an excluded phrase', '-"by the down"', { ids: ['2', '1'] }),
  phrase('an excluded two-word phrase', '-"by the"', { ids: ['2'] }),
  phrase('a phrase with a word no document has', '"by the dinosaur"', { hitCount: 0 }),
  phrase('a phrase no document holds in order', '"by the state"', { hitCount: 0 }),
  phrase('a phrase with a filter', '"there by the"', { ids: ['1'] }, 'points:>=1'),
  phrase('excluding a phrase nobody has leaves all', '-"by the dinosaur"', { hitCount: 3 }),
  phrase('a phrase and a word that is not there', '"by the" state', { hitCount: 0 }),
  phrase('a phrase and a word that is there', '"by the" and', { ids: ['0'] }),
  phrase('the order of a phrase counts', '"train by the"', { hitCount: 0 }),
  phrase('two phrases', '"by the" "then and"', {
    ids: ['0'],
    snippet: {
      field: 'title',
      value: '<mark>Then</mark> <mark>and</mark> there <mark>by</mark> <mark>the</mark> down',
    },
  }),
  phrase('two phrases both documents hold', '"by the" "there by"', { hitCount: 2 }),
  phrase('two phrases with a filter', '"by the" "there by"', { ids: ['1'] }, 'points:>=1'),
  phrase('a one-word phrase', '"trooper"', { ids: ['2'] }, 'points:>=1'),
  {
    name: 'excluded words leave out every document holding them',
    source: `${SPECIFIC} NegationOfTokens`,
    fixture: 'negation',
    params: { q: 'galaxy -buds -maska -cover', query_by: 'title', drop_tokens_threshold: 10 },
    expect: { found: 0 },
  },
  {
    name: 'a query of exclusions alone searches everything else',
    source: `${SPECIFIC} NegationOfTokens`,
    fixture: 'negation',
    params: { q: '-white -bronze -bijeli', query_by: 'title', drop_tokens_threshold: 10 },
    expect: { found: 1, ids: ['3'] },
  },
  {
    name: 'a lone dash is not an exclusion',
    source: `${SPECIFIC} SingleHyphenInQueryNotToBeTreatedAsExclusion`,
    fixture: 'negation',
    params: { q: 'galaxy - buds', query_by: 'title' },
    expect: { ids: ['0'] },
  },
  {
    name: 'drop_tokens_threshold drops words from the right, then the left',
    source: `${SPECIFIC} DropTokensTillOneToken`,
    fixture: 'dropTokens',
    params: { q: 'harry malcolm roscow', query_by: 'title', drop_tokens_threshold: 10 },
    expect: { ids: ['2', '0'] },
  },
  {
    name: 'drop_tokens_threshold=1 stops at the first result',
    source: `${SPECIFIC} DropTokensTillOneToken`,
    fixture: 'dropTokens',
    params: { q: 'harry malcolm roscow', query_by: 'title', drop_tokens_threshold: 1 },
    expect: { ids: ['0'] },
  },
  {
    name: 'typos are tried before words are dropped',
    source: `${SPECIFIC} TypoBeforeDropTokens`,
    fixture: 'typoBeforeDrop',
    params: { q: 'Josh Lixson', query_by: 'title' },
    expect: { ids: ['1'] },
  },
  {
    name: 'a higher drop_tokens_threshold adds matches with words dropped',
    source: `${SPECIFIC} TypoBeforeDropTokens`,
    fixture: 'typoBeforeDrop',
    params: { q: 'Josh Lixson', query_by: 'title', drop_tokens_threshold: 10 },
    expect: { ids: ['1', '0'] },
  },
  {
    name: 'typo_tokens_threshold=0 stops at exact matches',
    source: 'src/index.cpp search_all_candidates (typo_tokens_threshold)',
    fixture: 'typoBeforeDrop',
    params: { q: 'Josh Lixson', query_by: 'title', typo_tokens_threshold: 0, drop_tokens_threshold: 0 },
    expect: { found: 0 },
    note: 'With a threshold of 0 no typo level is tried once the exact level has run, whatever it found.',
  },
];
