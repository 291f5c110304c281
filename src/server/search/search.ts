/** One search against one collection, shaped field for field like Typesense's response. */
import { jsonStringChars, ResponseSize } from './bounds/response-size.ts';
import { SEARCH_CAPS } from './bounds/search-caps.ts';
import { SearchDeadline } from './bounds/search-deadline.ts';
import { SearchError, badRequest } from './errors.ts';
import type { Collection } from './index/collection.ts';
import { contains, difference, intersect, type DocIds } from './index/doc-set.ts';
import { curate } from './index/overrides.ts';
import { isJsonObject, scalarTypeOf, type JsonObject, type JsonValue } from './index/schema.ts';
import type { Stemmer } from './index/stemming-dictionaries.ts';
import { evaluateFilter, type FilterCache } from './matching/filter-evaluator.ts';
import { excludedDocuments, matchPhrases, type PhraseMatches } from './matching/phrases.ts';
import { matchText, type QueryField, type ScoreBoard, type TextMatchResult } from './matching/text-match.ts';
import { parseFilter, type FilterNode } from './query/filter-parser.ts';
import { parseSortBy } from './query/parameter-lists.ts';
import { parseQuery } from './query/query-syntax.ts';
import { parseSearchRequest, type SearchParameters, type SearchRequest } from './query/search-params.ts';
import { countFacets, parseFacetQuery, resolveFacets } from './results/facets.ts';
import { GroupKeys, groupHits, groupKey, resolveGroupBy } from './results/grouping.ts';
import { highlightDocument } from './results/highlight.ts';
import { standardizeSortKeys, topK, type RankingKeys, type SortKey } from './results/sorting.ts';

export const MAX_PER_PAGE = 250;
const FIELD_MAX_WEIGHT = 15;

/** How long a search may take, and what it may reuse from the other searches of its multi_search. */
export interface SearchBudget {
  /** The server's search_cutoff_ms: the default, and the most a query may ask for. */
  cutoffMs: number;
  /** The multi_search's deadline, which every one of its searches shares. */
  within?: SearchDeadline;
  filters?: FilterCache;
  /** The multi_search's answers so far, whose cap this search's answer counts towards too. */
  answered?: ResponseSize;
}

export function executeSearch(
  collection: Collection,
  parameters: SearchParameters,
  scores: ScoreBoard,
  rankingKeys: RankingKeys,
  budget: SearchBudget,
): JsonObject {
  const started = performance.now();
  const request = parseSearchRequest(parameters);
  const deadline = SearchDeadline.after(
    Math.min(request.searchCutoffMs ?? budget.cutoffMs, budget.cutoffMs),
    budget.within,
  );
  const rawQuery = request.q;

  if (rawQuery !== '*' && request.queryBy.length === 0) throw badRequest('No search fields specified for the query.');
  checkListLengths(request);
  const queryFields = resolveQueryFields(collection, request);

  if (request.synonymNumTypos > 2) throw badRequest('Value of `synonym_num_typos` must not be greater than 2.');
  const groupBy = resolveGroupBy(collection, request.groupBy, request.groupLimit);

  let filter = parseFilter(request.filterBy, collection.fieldsByName);
  const facets = resolveFacets(collection, request.facetBy);
  const facetQuery = parseFacetQuery(collection, request.facetQuery, facets, request.facetBy.length > 0);

  if (request.perPage > MAX_PER_PAGE) {
    throw new SearchError(422, `Only upto ${MAX_PER_PAGE} hits can be fetched per page.`);
  }
  const offset =
    request.page === 0 && request.offset !== 0 ? request.offset : request.perPage * (Math.max(1, request.page) - 1);
  const fetchSize = offset + request.perPage;
  if (fetchSize > request.limitHits) {
    throw new SearchError(
      422,
      `Only upto ${request.limitHits} hits can be fetched. Ensure that \`page\` and \`per_page\` parameters are within this range.`,
    );
  }

  const curation = curate(collection.overrides, {
    query: rawQuery,
    filterBy: request.filterBy,
    tags: request.overrideTags,
    enableOverrides: request.enableOverrides,
    pinnedHits: request.pinnedHits,
    hiddenHits: request.hiddenHits,
  });
  for (const extra of curation.filters) {
    const extraNode = parseFilter(extra, collection.fieldsByName);
    if (extraNode) filter = filter ? ({ kind: 'and', left: filter, right: extraNode } satisfies FilterNode) : extraNode;
  }

  // The first query field's stemmer stems every word of the query (Collection::parse_search_query).
  const stem = queryFields[0]?.index.stemmer ?? null;
  const parsed = parseQuery(curation.query, stem);
  const queryTokens = parsed.include[0] === '*' ? [] : parsed.include;
  const isWildcard = queryTokens.length === 0;
  // An override's replace_query can turn the wildcard into words, which need fields to search.
  if (!isWildcard && queryFields.length === 0) throw badRequest('Missing `query_by` parameter.');
  // An override's sort_by replaces the query's own (Collection::search, curated_sort_by).
  const sortBy = curation.sortBy === null ? request.sortBy : parseSortBy(curation.sortBy);
  if (!sortBy) throw badRequest('Parameter `sort_by` is malformed.');
  const sortKeys = standardizeSortKeys(
    collection,
    sortBy,
    rawQuery === '*' || (isWildcard && parsed.phrases.length === 0),
  );

  const filterIds = filter ? evaluateFilter(collection, filter, budget.filters) : null;
  // Exclusions and phrases narrow the documents a search may find, as a filter would.
  let candidates: DocIds | null = filterIds;
  if (parsed.exclude.length > 0) {
    candidates = difference(
      candidates ?? collection.allSeqIds(),
      excludedDocuments(queryFields, parsed.exclude, deadline),
    );
  }
  const phrases = parsed.phrases.length > 0 ? matchPhrases(queryFields, parsed.phrases, deadline) : null;
  if (phrases) candidates = candidates ? intersect(candidates, phrases.seqIds) : phrases.seqIds;

  const groupKeys = groupBy.length > 0 ? new GroupKeys(collection, groupBy, request.groupMissingValues) : null;
  let textMatch: TextMatchResult | null = null;
  let matched: DocIds;
  if (isWildcard) {
    matched = candidates ?? collection.allSeqIds();
    if (phrases) textMatch = phraseTextMatch(phrases, matched, scores, collection.seqIdLimit);
  } else {
    const synonyms = request.enableSynonyms
      ? synonymAlternatives(collection, stem ? parseQuery(curation.query).include : queryTokens, request, stem)
      : [];
    textMatch = matchText(
      { tokens: queryTokens, synonyms },
      queryFields,
      candidates,
      {
        minLen1Typo: request.minLen1Typo,
        minLen2Typo: request.minLen2Typo,
        typoTokensThreshold: request.typoTokensThreshold,
        dropTokensThreshold: request.dropTokensThreshold,
        maxCandidates: request.maxCandidates,
        prioritizeExactMatch: request.prioritizeExactMatch,
        prioritizeTokenPosition: request.prioritizeTokenPosition,
        prioritizeNumMatchingFields: request.prioritizeNumMatchingFields,
        ...(groupKeys ? { groupOf: (seqId: number) => groupKeys.of(seqId) } : {}),
      },
      scores,
      collection.seqIdLimit,
      deadline,
    );
    matched = textMatch.seqIds;
  }
  if (textMatch && phrases) addPhraseHighlights(textMatch, queryFields, parsed.phrases);

  const excluded = new Set<number>();
  for (const id of curation.excluded) {
    const seqId = collection.seqIdOf(id);
    if (seqId !== undefined) excluded.add(seqId);
  }
  const curated: { seqId: number; position: number }[] = [];
  const curatedSeqIds = new Set<number>();
  const filterCurated = request.filterCuratedHits ?? curation.filterCuratedHits;
  for (const include of curation.included) {
    const seqId = collection.seqIdOf(include.id);
    if (seqId === undefined || excluded.has(seqId) || curatedSeqIds.has(seqId)) continue;
    if (filterCurated && filterIds && !contains(filterIds, seqId)) continue;
    curated.push({ seqId, position: include.position });
    curatedSeqIds.add(seqId);
  }
  if (excluded.size > 0 || curatedSeqIds.size > 0) {
    matched = matched.filter((seqId) => !excluded.has(seqId) && !curatedSeqIds.has(seqId));
  }

  // Typesense's answer when the time ran out before anything was found: the client may try again.
  if (deadline.cutoff && matched.length + curated.length === 0) throw new SearchError(408, 'Request Timeout');
  // request_params holds q twice; the rest of the frame is a few hundred characters.
  const size = new ResponseSize(SEARCH_CAPS.responseChars, budget.answered);
  size.add(2 * jsonStringChars(rawQuery) + 400);
  const facetIds =
    curated.length === 0 ? matched : [...matched, ...curated.map((entry) => entry.seqId)].sort((a, b) => a - b);
  const facetCounts = countFacets(collection, facets, facetIds, {
    maxFacetValues: request.maxFacetValues,
    facetQuery,
    startTag: request.highlightStartTag,
    endTag: request.highlightEndTag,
    deadline,
    size,
    ...(groupKeys ? { groupOf: (seqId: number) => groupKeys.of(seqId) } : {}),
  });

  // Past the time budget, the hits are the first matches found, unranked: ranking them all could take as long again.
  const rank = (count: number): number[] =>
    deadline.passed() ? matched.slice(0, count) : rankTop(collection, sortKeys, textMatch, matched, count, rankingKeys);
  const highlightFields =
    request.highlightFields.length > 0 ? request.highlightFields : queryFields.map((field) => field.name);
  const stemmedFields = new Map<string, Stemmer>();
  for (const [name, index] of collection.stringIndexes) if (index.stemmer) stemmedFields.set(name, index.stemmer);
  const highlighting = {
    fields: highlightFields,
    stemmedFields,
    tagChars: jsonStringChars(request.highlightStartTag) + jsonStringChars(request.highlightEndTag) - 4,
  };
  const hitOf = (seqId: number) =>
    buildHit(collection, seqId, curatedSeqIds.has(seqId), request, textMatch, highlighting, queryTokens.length, size);
  const result: JsonObject = { facet_counts: facetCounts };
  if (groupKeys) {
    // Every match is ranked: a group's count and its best hits may come from anywhere in the results.
    const ranked = rank(matched.length);
    const groups = groupHits(ranked, curated, groupKeys, request.groupLimit);
    result.found = groups.length;
    result.found_docs = matched.length + curated.length;
    result.grouped_hits = groups.slice(offset, fetchSize).map((group) => ({
      found: group.found,
      group_key: groupKey(collection.documents[group.seqIds[0] as number] as JsonObject, groupBy),
      hits: group.seqIds.map(hitOf),
    }));
  } else {
    const ranked = rank(fetchSize);
    result.found = matched.length + curated.length;
    result.hits = mergeCurated(ranked, curated).slice(offset, fetchSize).map(hitOf);
  }

  const excludedResponseFields = new Set(request.excludeFields);
  if (!excludedResponseFields.has('out_of')) result.out_of = collection.size;
  if (request.page === 0 && request.offset !== 0) result.offset = request.offset;
  else result.page = Math.max(1, request.page);
  result.request_params = {
    collection_name: collection.name,
    first_q: rawQuery,
    per_page: request.perPage,
    q: rawQuery,
  };
  result.search_cutoff = deadline.cutoff;
  if (!excludedResponseFields.has('search_time_ms')) result.search_time_ms = Math.floor(performance.now() - started);
  if (curation.metadata) result.metadata = curation.metadata;
  budget.answered?.addAnswered(size);
  return result;
}

/** The first `count` matches in ranking order. Newest-first on its own needs no ranking pass. */
function rankTop(
  collection: Collection,
  sortKeys: readonly SortKey[],
  textMatch: TextMatchResult | null,
  matched: DocIds,
  count: number,
  rankingKeys: RankingKeys,
): number[] {
  const only = sortKeys.length === 1 ? sortKeys[0] : undefined;
  if (only && only.name === '_seq_id' && only.descending && !textMatch) {
    return matched.slice(Math.max(0, matched.length - count)).reverse();
  }
  const compare = rankingKeys.comparator(collection, sortKeys, textMatch ? textMatch.scores : null, matched);
  return topK(matched, count, compare);
}

function checkListLengths(request: SearchRequest): void {
  const fieldCount = request.queryBy.length;
  if (fieldCount === 0) return;
  if (request.queryByWeights.length > 0 && request.queryByWeights.length !== fieldCount) {
    throw badRequest('Number of weights in `query_by_weights` does not match number of `query_by` fields.');
  }
  if (request.numTypos.length !== fieldCount && request.numTypos.length !== 1) {
    throw badRequest('Number of values in `num_typos` does not match number of `query_by` fields.');
  }
  if (request.prefixes.length !== fieldCount && request.prefixes.length !== 1) {
    throw badRequest('Number of prefix values in `prefix` does not match number of `query_by` fields.');
  }
}

function resolveQueryFields(collection: Collection, request: SearchRequest): QueryField[] {
  const resolved: { name: string; rawWeight: number; numTypos: number; prefix: boolean }[] = [];
  request.queryBy.forEach((raw, position) => {
    if (raw === 'id') throw badRequest('Cannot use `id` as a query by field.');
    const names: string[] = [];
    if (raw.includes('*')) {
      const prefix = raw.slice(0, raw.indexOf('*'));
      for (const field of collection.schema.fields) {
        if (field.name.startsWith(prefix) && field.index && scalarTypeOf(field.type) === 'string')
          names.push(field.name);
      }
      if (names.length === 0) {
        throw new SearchError(
          404,
          `No string or string array field found matching the pattern \`${raw}\` in the schema.`,
        );
      }
    } else {
      const field = collection.fieldsByName.get(raw);
      if (!field) throw new SearchError(404, `Could not find a field named \`${raw}\` in the schema.`);
      if (scalarTypeOf(field.type) !== 'string')
        throw badRequest(`Field \`${raw}\` should be a string or a string array.`);
      if (!field.index) throw badRequest(`Field \`${raw}\` is marked as a non-indexed field in the schema.`);
      names.push(raw);
    }
    for (const name of names) {
      if (resolved.some((entry) => entry.name === name)) continue;
      resolved.push({
        name,
        rawWeight: request.queryByWeights[position] ?? 0,
        numTypos: Math.min(2, request.numTypos[position] ?? request.numTypos[0] ?? 2),
        prefix: request.prefixes[position] ?? request.prefixes[0] ?? true,
      });
    }
  });

  const weights = normalizedWeights(
    resolved.map((entry) => entry.rawWeight),
    request.queryByWeights.length > 0,
  );
  return resolved.flatMap((entry, index) => {
    const fieldIndex = collection.stringIndexes.get(entry.name);
    if (!fieldIndex) return [];
    return [
      {
        name: entry.name,
        index: fieldIndex,
        weight: weights[index] ?? 0,
        numTypos: entry.numTypos,
        prefix: entry.prefix,
        stem: fieldIndex.stemmer !== null,
      },
    ];
  });
}

/** Collection::process_search_field_weights: 15 for the first field down, or given weights squeezed into 0..15. */
function normalizedWeights(raw: readonly number[], given: boolean): number[] {
  if (!given) return raw.map((_, index) => Math.max(0, FIELD_MAX_WEIGHT - index));
  const descending = raw.every((weight, index) => index === 0 || weight <= (raw[index - 1] as number));
  if (descending && raw.every((weight) => weight <= FIELD_MAX_WEIGHT)) return [...raw];
  const order = raw.map((weight, index) => ({ weight, index })).sort((a, b) => b.weight - a.weight);
  const weights = new Array<number>(raw.length).fill(0);
  let previous = FIELD_MAX_WEIGHT;
  order.forEach((entry, rank) => {
    const previousEntry = order[rank - 1];
    const weight =
      rank === 0
        ? FIELD_MAX_WEIGHT
        : previousEntry && previousEntry.weight === entry.weight
          ? previous
          : Math.max(0, previous - 1);
    weights[entry.index] = weight;
    previous = weight;
  });
  return weights;
}

/** The alternatives synonyms make of the query's words, stemmed as the query is (Index::search). */
function synonymAlternatives(
  collection: Collection,
  words: readonly string[],
  request: SearchRequest,
  stem: Stemmer | null,
): string[][] {
  const expansions = collection.synonyms.expand(words, {
    prefix: request.synonymPrefix,
    numTypos: request.synonymNumTypos,
  });
  return stem ? expansions.map((expansion) => expansion.map(stem)) : expansions;
}

/** Typesense scores a phrase-only match by the weight of the field that holds it, above this base. */
const PHRASE_SCORE_BASE = 100_000;

/** The text match of a query of phrases alone: documents rank by their heaviest field holding the phrases. */
function phraseTextMatch(
  phrases: PhraseMatches,
  matched: DocIds,
  scores: ScoreBoard,
  seqIdLimit: number,
): TextMatchResult {
  scores.reset(seqIdLimit, (seqId) => {
    scores.tokensMatched[seqId] = 0;
    scores.bestFieldScore[seqId] = PHRASE_SCORE_BASE + (phrases.fieldWeight.get(seqId) ?? 0);
    scores.weightAndFields[seqId] = 0;
    scores.typoCost[seqId] = 0;
  });
  return { seqIds: [...matched], scores, highlightTokens: new Map(), queryTokenCount: 0 };
}

/** Marks the phrases' words in the hits, as Typesense adds them to the highlighted tokens. */
function addPhraseHighlights(
  textMatch: TextMatchResult,
  fields: readonly QueryField[],
  phrases: readonly (readonly string[])[],
): void {
  for (const field of fields) {
    let tokens = textMatch.highlightTokens.get(field.name);
    if (!tokens) {
      tokens = new Map();
      textMatch.highlightTokens.set(field.name, tokens);
    }
    for (const word of phrases.flat())
      if (field.index.tokenId(word) !== undefined) tokens.set(word, { prefixLength: 0 });
  }
}

/** Puts curated hits at their 1-based positions among the ranked ones, as Collection::search merges them. */
function mergeCurated(ranked: readonly number[], curated: readonly { seqId: number; position: number }[]): number[] {
  if (curated.length === 0) return [...ranked];
  const pending = [...curated].sort((a, b) => a.position - b.position);
  const merged: number[] = [];
  let next = 0;
  for (const seqId of ranked) {
    while (next < pending.length && (pending[next] as { position: number }).position === merged.length + 1) {
      merged.push((pending[next] as { seqId: number }).seqId);
      next++;
    }
    merged.push(seqId);
  }
  while (next < pending.length) merged.push((pending[next++] as { seqId: number }).seqId);
  return merged;
}

function buildHit(
  collection: Collection,
  seqId: number,
  isCurated: boolean,
  request: SearchRequest,
  textMatch: TextMatchResult | null,
  highlighting: { fields: readonly string[]; stemmedFields: ReadonlyMap<string, Stemmer>; tagChars: number },
  queryTokenCount: number,
  size: ResponseSize,
): JsonObject {
  const stored = collection.documents[seqId] as JsonObject;
  size.addHit(stored);
  const hit: JsonObject = {};
  if (isCurated) hit.curated = true;
  hit.document = projectDocument(stored, request.includeFields, request.excludeFields);
  let highlight: JsonObject = {};
  let highlights: JsonObject[] = [];
  if (textMatch) {
    ({ highlight, highlights } = highlightDocument(stored, highlighting.fields, textMatch.highlightTokens, {
      startTag: request.highlightStartTag,
      endTag: request.highlightEndTag,
      snippetThreshold: request.snippetThreshold,
      affixTokens: request.highlightAffixNumTokens,
      fullFields: new Set(request.highlightFullFields),
      stemmedFields: highlighting.stemmedFields,
      size,
      copies: request.enableHighlightV1 ? 2 : 1,
      tagChars: highlighting.tagChars,
    }));
  }
  hit.highlight = highlight;
  if (request.enableHighlightV1) hit.highlights = highlights;
  if (isCurated) return hit;

  if (!textMatch) {
    hit.text_match = 100;
    hit.text_match_info = {
      best_field_score: '0',
      best_field_weight: 0,
      fields_matched: 0,
      num_tokens_dropped: 0,
      score: '100',
      tokens_matched: 0,
      typo_prefix_score: 255,
    };
    return hit;
  }
  const scores = textMatch.scores;
  scores.score(seqId);
  const tokensMatched = scores.tokensMatched[seqId] as number;
  const bestFieldScore = scores.bestFieldScore[seqId] as number;
  const weightAndFields = scores.weightAndFields[seqId] as number;
  const score = (BigInt(tokensMatched) << 59n) | (BigInt(bestFieldScore) << 11n) | BigInt(weightAndFields);
  hit.text_match = Number(score);
  hit.text_match_info = {
    best_field_score: String(bestFieldScore),
    best_field_weight: weightAndFields >> 3,
    fields_matched: weightAndFields & 7,
    num_tokens_dropped: Math.max(0, queryTokenCount - tokensMatched),
    score: score.toString(),
    tokens_matched: tokensMatched,
    typo_prefix_score: scores.typoCost[seqId] as number,
  };
  return hit;
}

const matchesPattern = (name: string, pattern: string): boolean =>
  pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

/** include_fields and exclude_fields on the top-level keys, with keys in order as Typesense prints them. */
export function projectDocument(
  document: JsonObject,
  include: readonly string[],
  exclude: readonly string[],
): JsonObject {
  const projected: JsonObject = {};
  for (const key of Object.keys(document).sort()) {
    if (include.length > 0 && !include.some((pattern) => matchesPattern(key, pattern))) continue;
    if (exclude.some((pattern) => matchesPattern(key, pattern))) continue;
    projected[key] = sortedKeys(document[key] as JsonValue);
  }
  return projected;
}

function sortedKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isJsonObject(value)) return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortedKeys(value[key] as JsonValue);
  return sorted;
}
