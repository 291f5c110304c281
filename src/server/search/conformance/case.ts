import type { JsonObject, JsonValue } from '../index/schema.ts';
import type { FixtureName } from './fixtures.ts';

/** One search, transcribed from a Typesense server test, and what Typesense answered. */
export interface ConformanceCase {
  name: string;
  /** The Typesense test (file and TEST_F name) the case comes from. */
  source: string;
  fixture: FixtureName;
  params: Record<string, string | number | boolean>;
  /** Overrides in place for this case only. */
  overrides?: { id: string; body: JsonObject }[];
  /** Synonyms in place for this case only. */
  synonyms?: { id: string; body: JsonObject }[];
  expect: {
    status?: number;
    message?: string;
    found?: number;
    /** Hit ids in order. */
    ids?: string[];
    /** Hit ids in any order. */
    idSet?: string[];
    hitCount?: number;
    curated?: boolean[];
    facetFields?: string[];
    /** [value, count] pairs of the first facet, in order. */
    facetCounts?: [string, number][];
    facetHighlights?: string[];
    facetStats?: Record<string, number>;
    metadata?: JsonObject;
    /** With group_by: the hit ids of each group in order, each group's found, found_docs and group keys. */
    groups?: string[][];
    groupFound?: number[];
    foundDocs?: number;
    groupKeys?: JsonValue[][];
    /** The first hit's highlight snippet of this field. */
    snippet?: { field: string; value: string };
  };
  /** Set where Typesense's behaviour is not documented and the case pins what the server does. */
  note?: string;
}

/** The C++ tests' search(q, fields, filter, facets, sort, {0}, 10, 1, FREQUENCY, {false}) call, as parameters. */
export const exact = { num_typos: 0, prefix: false, per_page: 10, page: 1 } as const;
