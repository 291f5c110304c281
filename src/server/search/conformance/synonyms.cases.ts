import type { ConformanceCase } from './case.ts';

const SYNONYMS = 'test/collection_synonyms_test.cpp';
const ocean = { id: 'syn-1', body: { root: 'Ocean', synonyms: ['Sea'] } };

export const SYNONYM_CASES: ConformanceCase[] = [
  {
    name: 'without the synonym',
    source: `${SYNONYMS} OneWaySynonym`,
    fixture: 'movies',
    params: { q: 'ocean', query_by: 'title', num_typos: 0 },
    expect: { found: 0 },
  },
  {
    name: 'a one-way root finds its synonym',
    source: `${SYNONYMS} OneWaySynonym`,
    fixture: 'movies',
    synonyms: [ocean],
    params: { q: 'ocean', query_by: 'title', num_typos: 0 },
    expect: { found: 1 },
  },
  {
    name: 'a one-way synonym does not find its root',
    source: `${SYNONYMS} SynonymReductionOneWay`,
    fixture: 'movies',
    synonyms: [{ id: 'syn-1', body: { root: 'sea', synonyms: ['Ocean'] } }],
    params: { q: 'ocean', query_by: 'title', num_typos: 0 },
    expect: { found: 0 },
  },
  {
    name: 'a multi-way set finds and highlights the other words',
    source: `${SYNONYMS} MultiWaySynonym`,
    fixture: 'movies',
    synonyms: [{ id: 'syn-1', body: { synonyms: ['Home Land', 'Homeland', 'homǝland'] } }],
    params: { q: 'homǝland', query_by: 'title', num_typos: 0 },
    expect: { found: 1, snippet: { field: 'title', value: '<mark>Homeland</mark> Security' } },
  },
  {
    name: 'a multi-word synonym inside a longer query',
    source: `${SYNONYMS} MultiWaySynonym`,
    fixture: 'movies',
    synonyms: [{ id: 'syn-2', body: { synonyms: ['Samuel L. Jackson', 'Sam Jackson', 'Leroy'] } }],
    params: { q: 'samuel leroy jackson', query_by: 'starring', num_typos: 0 },
    expect: {
      found: 2,
      snippet: { field: 'starring', value: '<mark>Samuel</mark> <mark>L</mark>. <mark>Jackson</mark>' },
    },
  },
  {
    name: 'synonyms are not matched on a prefix',
    source: `${SYNONYMS} MultiWaySynonym`,
    fixture: 'movies',
    synonyms: [{ id: 'syn-2', body: { synonyms: ['Samuel L. Jackson', 'Sam Jackson', 'Leroy'] } }],
    params: { q: 'ler', query_by: 'starring', num_typos: 0 },
    expect: { found: 0 },
  },
  {
    name: 'enable_synonyms=false',
    source: `${SYNONYMS} EnableSynonymFlag`,
    fixture: 'movies',
    synonyms: [ocean],
    params: { q: 'ocean', query_by: 'title', num_typos: 0, enable_synonyms: false },
    expect: { found: 0 },
  },
  {
    name: 'an exact match ranks the same as a synonym match',
    source: `${SYNONYMS} ExactMatchRankedSameAsSynonymMatch`,
    fixture: 'laughing',
    synonyms: [{ id: 'syn-1', body: { synonyms: ['Lol', 'ROFL', 'laughing'] } }],
    params: { q: 'laughing', query_by: 'title', num_typos: 0, prefix: false, drop_tokens_threshold: 0 },
    expect: { found: 4, ids: ['3', '2', '1', '0'] },
  },
  {
    name: 'a longer synonym scores as the root query',
    source: `${SYNONYMS} SynonymsTextMatchSameAsRootQuery`,
    fixture: 'officers',
    synonyms: [{ id: 'syn-1', body: { root: 'ceo', synonyms: ['chief executive officer'] } }],
    params: { q: 'ceo', query_by: 'name,title', num_typos: 0, drop_tokens_threshold: 0 },
    expect: { ids: ['1', '0'] },
  },
  {
    name: 'synonym alternatives also drop words',
    source: `${SYNONYMS} SynonymQueryVariantWithDropTokens`,
    fixture: 'locations',
    synonyms: [{ id: 'syn-1', body: { root: 'us', synonyms: ['united states'] } }],
    params: { q: 'us sneakers', query_by: 'category,location', num_typos: 0, drop_tokens_threshold: 10 },
    expect: { ids: ['0', '1', '2'] },
  },
  {
    name: 'synonym_num_typos over 2',
    source: 'src/collection.cpp search',
    fixture: 'movies',
    params: { q: 'ocean', query_by: 'title', synonym_num_typos: 3 },
    expect: { status: 400, message: 'Value of `synonym_num_typos` must not be greater than 2.' },
  },
];
