/**
 * Runs every case table through the official `typesense` client against the search plugin on a loopback port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSearchServer, type TestSearchServer } from '../http/test-server.ts';
import { BOUNDS_CASES } from './bounds.cases.ts';
import type { ConformanceCase } from './case.ts';
import { FACETING_CASES } from './faceting.cases.ts';
import { FILTERING_CASES } from './filtering.cases.ts';
import { FIXTURES, type FixtureName } from './fixtures.ts';
import { GROUPING_CASES } from './grouping.cases.ts';
import { OVERRIDE_CASES } from './overrides.cases.ts';
import { PAGINATION_CASES } from './pagination.cases.ts';
import { QUERY_SYNTAX_CASES } from './query-syntax.cases.ts';
import { SORTING_CASES } from './sorting.cases.ts';
import { STEMMING_AND_WILDCARD_CASES } from './stemming.cases.ts';
import { SYNONYM_CASES } from './synonyms.cases.ts';

interface Hit {
  document: { id: string };
  curated?: boolean;
  highlight: Record<string, { snippet?: string }>;
}
interface FacetCount {
  field_name: string;
  counts: { value: string; count: number; highlighted: string }[];
  stats: Record<string, number>;
}
interface SearchResult {
  found: number;
  found_docs?: number;
  hits?: Hit[];
  grouped_hits?: { found: number; group_key: unknown[]; hits: Hit[] }[];
  facet_counts: FacetCount[];
  metadata?: unknown;
}

let server: TestSearchServer;

beforeAll(async () => {
  server = await startTestSearchServer();
  const admin = server.client();
  for (const fixture of Object.values(FIXTURES)) {
    for (const dictionary of 'dictionaries' in fixture ? fixture.dictionaries : []) {
      await admin.stemming.dictionaries().upsert(dictionary.id, dictionary.words);
    }
    await admin.collections().create(fixture.schema as never);
    await admin.collections(String(fixture.schema.name)).documents().import(fixture.documents, { action: 'create' });
  }
});

afterAll(async () => {
  await server.close();
});

const collectionOf = (fixture: FixtureName): string => String(FIXTURES[fixture].schema.name);

async function run(testCase: ConformanceCase): Promise<void> {
  const admin = server.client();
  const collection = collectionOf(testCase.fixture);
  for (const override of testCase.overrides ?? []) {
    await admin
      .collections(collection)
      .overrides()
      .upsert(override.id, override.body as never);
  }
  for (const synonym of testCase.synonyms ?? []) {
    await admin
      .collections(collection)
      .synonyms()
      .upsert(synonym.id, synonym.body as never);
  }
  try {
    const { expect: expected } = testCase;
    if (expected.status !== undefined) {
      const failure = await admin
        .collections(collection)
        .documents()
        .search(testCase.params as never, {})
        .then(
          () => null,
          (error: { httpStatus?: number; message: string }) => error,
        );
      expect(failure?.httpStatus).toBe(expected.status);
      expect(failure?.message).toBe(
        `Request failed with HTTP code ${expected.status} | Server said: ${expected.message}`,
      );
      return;
    }
    const result = (await admin
      .collections(collection)
      .documents()
      .search(testCase.params as never, {})) as unknown as SearchResult;
    const hits = result.hits ?? [];
    const ids = hits.map((hit) => hit.document.id);
    if (expected.found !== undefined) expect(result.found).toBe(expected.found);
    if (expected.hitCount !== undefined) expect(hits).toHaveLength(expected.hitCount);
    if (expected.ids) expect(ids).toEqual(expected.ids);
    if (expected.idSet) expect([...ids].sort()).toEqual([...expected.idSet].sort());
    if (expected.curated) expect(hits.map((hit) => hit.curated === true)).toEqual(expected.curated);
    if (expected.facetFields)
      expect(result.facet_counts.map((facet) => facet.field_name)).toEqual(expected.facetFields);
    const firstFacet = result.facet_counts[0];
    if (expected.facetCounts)
      expect(firstFacet?.counts.map((count) => [count.value, count.count])).toEqual(expected.facetCounts);
    if (expected.facetHighlights) {
      expect(firstFacet?.counts.map((count) => count.highlighted).sort()).toEqual([...expected.facetHighlights].sort());
    }
    if (expected.facetStats) expect(firstFacet?.stats).toEqual(expected.facetStats);
    if (expected.metadata) expect(result.metadata).toEqual(expected.metadata);
    const groups = result.grouped_hits ?? [];
    if (expected.groups)
      expect(groups.map((group) => group.hits.map((hit) => hit.document.id))).toEqual(expected.groups);
    if (expected.groupFound) expect(groups.map((group) => group.found)).toEqual(expected.groupFound);
    if (expected.groupKeys) expect(groups.map((group) => group.group_key)).toEqual(expected.groupKeys);
    if (expected.foundDocs !== undefined) expect(result.found_docs).toBe(expected.foundDocs);
    if (expected.snippet) expect(hits[0]?.highlight[expected.snippet.field]?.snippet).toBe(expected.snippet.value);
  } finally {
    for (const override of testCase.overrides ?? []) {
      await admin.collections(collection).overrides(override.id).delete();
    }
    for (const synonym of testCase.synonyms ?? []) {
      await admin.collections(collection).synonyms(synonym.id).delete();
    }
  }
}

const TABLES: [string, ConformanceCase[]][] = [
  ['filtering', FILTERING_CASES],
  ['faceting', FACETING_CASES],
  ['sorting', SORTING_CASES],
  ['overrides', OVERRIDE_CASES],
  ['pagination, parameters and text match', PAGINATION_CASES],
  ['query syntax, drop and typo thresholds', QUERY_SYNTAX_CASES],
  ['synonyms', SYNONYM_CASES],
  ['grouping', GROUPING_CASES],
  ['stemming, string sorting and facet wildcards', STEMMING_AND_WILDCARD_CASES],
  ['bounds on a search', BOUNDS_CASES],
];

for (const [table, cases] of TABLES) {
  describe(`Typesense conformance: ${table}`, () => {
    for (const testCase of cases) {
      it(`${testCase.name} (${testCase.source})`, () => run(testCase));
    }
  });
}
