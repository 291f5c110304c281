/** facet_by, facet_query and facet_counts, counted over the whole result set with typed-array tallies. */
import type { ResponseSize } from '../bounds/response-size.ts';
import type { SearchDeadline } from '../bounds/search-deadline.ts';
import { SearchError, badRequest } from '../errors.ts';
import type { Collection } from '../index/collection.ts';
import type { DocIds } from '../index/doc-set.ts';
import type { FacetColumn } from '../index/field-index.ts';
import type { JsonObject } from '../index/schema.ts';
import { prefixSpanLength, tokenize, tokenizeWithSpans } from '../index/tokenizer.ts';
import { allowedTypos, boundedEditDistance } from '../index/typo.ts';
import { topK } from './sorting.ts';

const FACET_QUERY_NUM_TYPOS = 2;
/** What a facet value's entry adds around its value and highlighted value: the count and the keys. */
const FACET_VALUE_FRAME_CHARS = 50;

export interface FacetRequest {
  field: string;
  /** Expanded from `*` or `prefix*`: such facets are left out when nothing was counted. */
  fromWildcard: boolean;
  sortAlpha: 'asc' | 'desc' | null;
}

export function resolveFacets(collection: Collection, facetBy: readonly string[]): FacetRequest[] {
  const requests: FacetRequest[] = [];
  for (const raw of facetBy) {
    let name = raw;
    let sortAlpha: FacetRequest['sortAlpha'] = null;
    const open = raw.indexOf('(');
    if (open > 0 && raw.endsWith(')')) {
      name = raw.slice(0, open).trim();
      const match = /sort_by\s*:\s*_alpha\s*:\s*(asc|desc)/.exec(raw.slice(open + 1, -1));
      if (match) sortAlpha = match[1] === 'asc' ? 'asc' : 'desc';
    }
    if (raw.includes('*')) {
      // Collection::parse_facet: only a trailing `*` is allowed, and some field must start with its prefix.
      if (raw.indexOf('*') !== raw.length - 1)
        throw new SearchError(404, 'Only prefix matching with a wildcard is allowed.');
      const prefix = raw.slice(0, -1);
      if (!collection.schema.fields.some((field) => field.name.startsWith(prefix))) {
        throw new SearchError(404, `Could not find a facet field for \`${raw}\` in the schema.`);
      }
      for (const field of collection.schema.fields) {
        if (field.facet && field.name.startsWith(prefix) && !requests.some((request) => request.field === field.name)) {
          requests.push({ field: field.name, fromWildcard: true, sortAlpha });
        }
      }
      continue;
    }
    const field = collection.fieldsByName.get(name);
    if (!field || !field.facet)
      throw new SearchError(404, `Could not find a facet field named \`${name}\` in the schema.`);
    requests.push({ field: name, fromWildcard: false, sortAlpha });
  }
  return requests;
}

export interface FacetQuery {
  field: string;
  tokens: string[];
}

export function parseFacetQuery(
  collection: Collection,
  facetQuery: string,
  facets: readonly FacetRequest[],
  facetByGiven: boolean,
): FacetQuery | null {
  if (facetQuery === '') return null;
  const colon = facetQuery.indexOf(':');
  if (colon < 0) throw badRequest('Facet query must be in the `facet_field: value` format.');
  if (!facetByGiven) throw badRequest('The `facet_query` parameter is supplied without a `facet_by` parameter.');
  const field = facetQuery.slice(0, colon).trim();
  const value = facetQuery.slice(colon + 1).trim();
  if (value === '') return null;
  if (!facets.some((facet) => facet.field === field)) {
    throw badRequest(`Facet query refers to a facet field \`${field}\` that is not part of \`facet_by\` parameter.`);
  }
  if (!collection.fieldsByName.get(field)?.facet) {
    throw new SearchError(404, `Could not find a facet field named \`${field}\` in the schema.`);
  }
  return { field, tokens: tokenize(value) };
}

export interface FacetOptions {
  maxFacetValues: number;
  facetQuery: FacetQuery | null;
  startTag: string;
  endTag: string;
  /** Facets not yet counted when the time is up are left out, as Typesense does. */
  deadline: SearchDeadline;
  /** Counts each value into the answer's size. */
  size: ResponseSize;
  /** With group_by, a value counts the groups that have it, not the documents. */
  groupOf?: (seqId: number) => number;
}

/** Counts every facet over the matched documents and shapes Typesense's facet_counts entries. */
export function countFacets(
  collection: Collection,
  facets: readonly FacetRequest[],
  seqIds: DocIds,
  options: FacetOptions,
): JsonObject[] {
  const results: JsonObject[] = [];
  for (const facet of facets) {
    if (options.deadline.passed()) break;
    const column = collection.facetColumns.get(facet.field);
    if (!column) continue;
    const counts = new Uint32Array(column.values.length);
    const representative = new Int32Array(column.values.length);
    tally(column, seqIds, counts, representative);
    if (options.groupOf) countGroups(column, seqIds, counts, options.groupOf);

    const query = options.facetQuery && options.facetQuery.field === facet.field ? options.facetQuery : null;
    const present: number[] = [];
    for (let id = 0; id < counts.length; id++) if ((counts[id] as number) > 0) present.push(id);
    const counted = query
      ? present.filter((id) => facetValueMatches(column.values[id] as string, query.tokens))
      : present;
    if (facet.fromWildcard && counted.length === 0) continue;

    const top = topK(
      counted,
      options.maxFacetValues,
      (a, b) =>
        (counts[b] as number) - (counts[a] as number) || (representative[b] as number) - (representative[a] as number),
    );
    if (facet.sortAlpha) {
      const direction = facet.sortAlpha === 'asc' ? 1 : -1;
      top.sort((a, b) => direction * compareStrings(column.values[a] as string, column.values[b] as string));
    } else {
      top.sort(
        (a, b) =>
          (counts[b] as number) - (counts[a] as number) ||
          (column.values[a] as string).length - (column.values[b] as string).length,
      );
    }

    const stats: JsonObject = {};
    // Stats cover every value in the result; a facet query only narrows the counts (and total_values).
    if (column.isNumeric && present.length > 0) {
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      let sum = 0;
      let total = 0;
      for (const id of present) {
        const value = column.numericValues[id] as number;
        const count = counts[id] as number;
        if (value < min) min = value;
        if (value > max) max = value;
        sum += value * count;
        total += count;
      }
      Object.assign(stats, { avg: sum / total, max, min, sum });
    }
    stats.total_values = counted.length;

    results.push({
      counts: top.map((id) => {
        const value = column.values[id] as string;
        const highlighted = query ? highlightFacetValue(value, query.tokens, options.startTag, options.endTag) : value;
        options.size.add(value.length + highlighted.length + FACET_VALUE_FRAME_CHARS);
        return { count: counts[id] as number, highlighted, value };
      }),
      field_name: facet.field,
      sampled: false,
      stats,
    });
  }
  return results;
}

function tally(column: FacetColumn, seqIds: DocIds, counts: Uint32Array, representative: Int32Array): void {
  if (column.isArray) {
    const { pool, poolStart, poolLength } = column;
    const known = poolLength.length;
    for (const seqId of seqIds) {
      if (seqId >= known) continue;
      const start = poolStart[seqId] as number;
      const end = start + (poolLength[seqId] as number);
      for (let index = start; index < end; index++) {
        const id = pool[index] as number;
        counts[id] = (counts[id] as number) + 1;
        representative[id] = seqId;
      }
    }
    return;
  }
  const single = column.singleValueIds;
  const known = single.length;
  for (const seqId of seqIds) {
    const id = seqId < known ? (single[seqId] as number) : -1;
    if (id < 0) continue;
    counts[id] = (counts[id] as number) + 1;
    representative[id] = seqId;
  }
}

/** The ids of a document's values in the column. */
export function facetValueIds(column: FacetColumn, seqId: number): ArrayLike<number> & Iterable<number> {
  if (!column.isArray) {
    const id = seqId < column.singleValueIds.length ? (column.singleValueIds[seqId] as number) : -1;
    return id < 0 ? [] : [id];
  }
  if (seqId >= column.poolLength.length) return [];
  const start = column.poolStart[seqId] as number;
  return column.pool.subarray(start, start + (column.poolLength[seqId] as number));
}

/** Replaces the tallies with the number of distinct groups holding each value. */
function countGroups(
  column: FacetColumn,
  seqIds: DocIds,
  counts: Uint32Array,
  groupOf: (seqId: number) => number,
): void {
  counts.fill(0);
  const seen = new Set<number>();
  const valueCount = column.values.length;
  for (const seqId of seqIds) {
    const group = groupOf(seqId);
    for (const id of facetValueIds(column, seqId)) {
      const key = group * valueCount + id;
      if (seen.has(key)) continue;
      seen.add(key);
      counts[id] = (counts[id] as number) + 1;
    }
  }
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** How a value's word answers a facet query word: typos allowed as in a search, the last word as a prefix. */
function wordMatches(queryToken: string, token: string, isLast: boolean): boolean {
  if (token === queryToken || (isLast && token.startsWith(queryToken))) return true;
  const typos = allowedTypos(queryToken.length, FACET_QUERY_NUM_TYPOS, 4, 7);
  if (typos === 0) return false;
  if (boundedEditDistance(queryToken, token, typos) <= typos) return true;
  return (
    isLast &&
    token.length > queryToken.length &&
    boundedEditDistance(queryToken, token.slice(0, queryToken.length), typos) <= typos
  );
}

/** A facet value matches when it holds every query word. */
function facetValueMatches(value: string, queryTokens: readonly string[]): boolean {
  if (queryTokens.length === 0) return true;
  const tokens = tokenize(value);
  return queryTokens.every((queryToken, index) =>
    tokens.some((token) => wordMatches(queryToken, token, index === queryTokens.length - 1)),
  );
}

function highlightFacetValue(value: string, queryTokens: readonly string[], startTag: string, endTag: string): string {
  let result = '';
  let cursor = 0;
  const lastIndex = queryTokens.length - 1;
  for (const span of tokenizeWithSpans(value)) {
    const matchedIndex = queryTokens.findIndex((queryToken, index) =>
      wordMatches(queryToken, span.token, index === lastIndex),
    );
    if (matchedIndex < 0) continue;
    const queryToken = queryTokens[matchedIndex] as string;
    const markLength =
      matchedIndex === lastIndex && span.token.length > queryToken.length
        ? prefixSpanLength(value, span.start, span.end, queryToken.length)
        : span.end - span.start;
    result += value.slice(cursor, span.start) + startTag + value.slice(span.start, span.start + markLength) + endTag;
    cursor = span.start + markLength;
  }
  return result + value.slice(cursor);
}
