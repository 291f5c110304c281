import type { ConformanceCase } from './case.ts';

const GROUPING = 'test/collection_grouping_test.cpp';

export const GROUPING_CASES: ConformanceCase[] = [
  {
    name: 'group by an integer; facet counts count groups',
    source: `${GROUPING} GroupingBasics`,
    fixture: 'groups',
    params: { q: '*', facet_by: 'brand', per_page: 50, group_by: 'size', group_limit: 2 },
    expect: {
      found: 3,
      foundDocs: 12,
      groups: [
        ['5', '1'],
        ['4', '3'],
        ['2', '8'],
      ],
      groupFound: [2, 7, 3],
      groupKeys: [[11], [10], [12]],
      facetCounts: [
        ['Beta', 3],
        ['Omega', 3],
        ['Xorp', 2],
        ['Zeta', 1],
      ],
    },
  },
  {
    name: 'group by a float, sorted on another field',
    source: `${GROUPING} GroupingBasics`,
    fixture: 'groups',
    params: { q: '*', per_page: 50, group_by: 'rating', group_limit: 2, sort_by: 'size:desc' },
    expect: { found: 7, foundDocs: 12, groupFound: [1, 4, 2, 2, 1, 1, 1] },
    note: "Typesense's test checks groups 1, 2, 6 and 7 (found 1, 4, 1, 1); the others' counts follow from the documents.",
  },
  {
    name: 'group keys of a facet query',
    source: `${GROUPING} GroupingBasics`,
    fixture: 'groups',
    params: { q: '*', facet_by: 'brand', facet_query: 'brand: omeg', per_page: 50, group_by: 'rating', group_limit: 2, sort_by: 'size:desc' },
    expect: { groups: [['8'], ['6', '1'], ['2', '3'], ['5', '4'], ['11'], ['9'], ['0']], facetCounts: [['Omega', 3]], facetHighlights: ['<mark>Omeg</mark>a'] },
    note: "Typesense's test checks groups 1, 2, 6 and 7; groups 3 to 5 follow from size:desc and the last-tie rule.",
  },
  {
    name: 'typo_tokens_threshold counts groups',
    source: `${GROUPING} GroupingBasics`,
    fixture: 'groups',
    params: { q: 'beta', query_by: 'brand', facet_by: 'brand', per_page: 50, prefix: false, typo_tokens_threshold: 2, group_by: 'brand', group_limit: 1 },
    expect: { found: 2, foundDocs: 4, groupKeys: [['Beta'], ['Zeta']] },
  },
  {
    name: 'typo_tokens_threshold=1 with groups',
    source: `${GROUPING} GroupingBasics`,
    fixture: 'groups',
    params: { q: 'beta', query_by: 'brand', facet_by: 'brand', per_page: 50, prefix: false, typo_tokens_threshold: 1, group_by: 'brand', group_limit: 1 },
    expect: { found: 1, foundDocs: 3, groupKeys: [['Beta']] },
  },
  {
    name: 'a wildcard group_by',
    source: `${GROUPING} GroupingBasics`,
    fixture: 'groups',
    params: { q: '*', group_by: 'foo*', group_limit: 2 },
    expect: { status: 400, message: 'Pattern `foo*` is not allowed.' },
  },
  {
    name: 'group_limit out of range',
    source: 'src/collection.cpp search',
    fixture: 'groups',
    params: { q: '*', group_by: 'size', group_limit: 100 },
    expect: { status: 400, message: 'Value of `group_limit` must be between 1 and 99.' },
  },
  {
    name: 'group by a field that is not a facet',
    source: 'src/collection.cpp search',
    fixture: 'groups',
    params: { q: '*', group_by: 'title' },
    expect: { status: 400, message: 'Group by field `title` should be a facet field.' },
  },
  {
    name: 'group by an unknown field',
    source: 'src/collection.cpp extract_field_name',
    fixture: 'groups',
    params: { q: '*', group_by: 'nope' },
    expect: { status: 404, message: 'Could not find a field named `nope` in the schema.' },
  },
];
