/** One search against one collection, stage by stage, shaped field for field like Typesense's response. */
import { ResponseSize, jsonStringChars } from './bounds/response-size.ts';
import { SEARCH_CAPS } from './bounds/search-caps.ts';
import { SearchDeadline } from './bounds/search-deadline.ts';
import { SearchError, badRequest } from './errors.ts';
import type { Collection } from './index/collection.ts';
import { contains, difference, intersect, type DocIds } from './index/doc-set.ts';
import { curate, type Curation } from './index/overrides.ts';
import type { JsonObject } from './index/schema.ts';
import type { Stemmer } from './index/stemming-dictionaries.ts';
import { evaluateFilter, type FilterCache } from './matching/filter-evaluator.ts';
import {
  addPhraseHighlights,
  excludedDocuments,
  matchPhrases,
  phraseTextMatch,
  type PhraseMatches,
} from './matching/phrases.ts';
import { resolveQueryFields } from './matching/query-fields.ts';
import { matchText, type QueryField, type ScoreBoard, type TextMatchResult } from './matching/text-match.ts';
import { parseFilter, type FilterNode } from './query/filter-parser.ts';
import { parseSortBy } from './query/parameter-lists.ts';
import { parseQuery, type ParsedQuery } from './query/query-syntax.ts';
import { parseSearchRequest, type SearchParameters, type SearchRequest } from './query/search-params.ts';
import { countFacets, parseFacetQuery, resolveFacets, type FacetQuery, type FacetRequest } from './results/facets.ts';
import { GroupKeys, groupHits, groupKey, resolveGroupBy } from './results/grouping.ts';
import { buildHit, hitHighlighting, mergeCurated, type CuratedHit } from './results/hits.ts';
import { rankTop, standardizeSortKeys, type RankingKeys, type SortKey } from './results/sorting.ts';

export const MAX_PER_PAGE = 250;

/** How long a search may take, and what it may reuse from the other searches of its multi_search. */
export interface SearchBudget {
  /** The server's search_cutoff_ms: the default, and the most a query may ask for. */
  cutoffMs: number;
  /** The multi_search's deadline, which every one of its searches shares. */
  within?: SearchDeadline;
  filters?: FilterCache;
  /** The multi_search's responses so far, whose cap this search's response counts towards too. */
  answered?: ResponseSize;
}

/** The request read and checked against the collection, before any document is read. */
interface SearchPlan {
  request: SearchRequest;
  deadline: SearchDeadline;
  queryFields: QueryField[];
  groupBy: string[];
  /** The request's own filter_by; the overrides may add to it. */
  filter: FilterNode | null;
  facets: FacetRequest[];
  facetQuery: FacetQuery | null;
  /** The page: the ranked results from `offset` up to `fetchSize`. */
  offset: number;
  fetchSize: number;
}

/** The words a search looks for once the overrides have rewritten the query. */
interface QueryWords {
  /** The query as the overrides left it. */
  text: string;
  /** The first query field's stemmer, which stems every word of the query (Collection::parse_search_query). */
  stem: Stemmer | null;
  parsed: ParsedQuery;
  /** The keywords, stemmed; none for a wildcard, which matches every candidate. */
  tokens: string[];
}

/** The documents a search may find, before its words are matched. */
interface Candidates {
  /** The documents filter_by allows, or null when the search has no filter. */
  filtered: DocIds | null;
  /** The filter's documents less the exclusions, within the phrases' documents; null when every document may match. */
  allowed: DocIds | null;
  phrases: PhraseMatches | null;
}

/** The matches once the overrides' hidden and pinned documents are taken out of them. */
interface CuratedMatches {
  /** The matches the search ranks. */
  matched: DocIds;
  /** The pinned documents, placed at their positions rather than ranked. */
  curated: CuratedHit[];
  curatedSeqIds: Set<number>;
}

/**
 * The stages: the request read and checked (planSearch), the overrides applied, the query's words and sort keys,
 * the candidates (filter_by, exclusions, phrases), the words matched, the curated hits taken out, then the
 * response: facet counts, the page of hits, and the frame around them.
 */
export function executeSearch(
  collection: Collection,
  parameters: SearchParameters,
  scores: ScoreBoard,
  rankingKeys: RankingKeys,
  budget: SearchBudget,
): JsonObject {
  const started = performance.now();
  const plan = planSearch(collection, parameters, budget);
  const { request, deadline } = plan;
  const curation = applyOverrides(collection, request);
  const filter = withOverrideFilters(collection, plan.filter, curation.filters);
  const words = readQueryWords(plan.queryFields, curation.query);
  const sortKeys = resolveSortKeys(collection, request, curation, words);
  const candidates = findCandidates(collection, plan, words, filter, budget.filters);
  const groupKeys =
    plan.groupBy.length > 0 ? new GroupKeys(collection, plan.groupBy, request.groupMissingValues) : null;
  const { matched, textMatch } = matchWords(collection, plan, words, candidates, groupKeys, scores);
  const matches = curateMatches(collection, request, curation, matched, candidates.filtered);

  // Typesense's response when the time ran out before anything was found: the client may try again.
  if (deadline.cutoff && matches.matched.length + matches.curated.length === 0) {
    throw new SearchError(408, 'Request Timeout');
  }
  // request_params holds q twice; the rest of the frame is a few hundred characters.
  const size = new ResponseSize(SEARCH_CAPS.responseChars, budget.answered);
  size.add(2 * jsonStringChars(request.q) + 400);
  const response: JsonObject = {
    facet_counts: countFacetValues(collection, plan, matches, groupKeys, size),
    ...pageOfHits(
      collection,
      plan,
      { sortKeys, textMatch, matches, groupKeys, rankingKeys },
      words.tokens.length,
      size,
    ),
  };
  Object.assign(response, responseFrame(collection, request, deadline, curation, started));
  budget.answered?.addAnswered(size);
  return response;
}

/** Every refusal that needs no document, in Typesense's order, and the deadline, which starts here. */
function planSearch(collection: Collection, parameters: SearchParameters, budget: SearchBudget): SearchPlan {
  const request = parseSearchRequest(parameters);
  const deadline = SearchDeadline.after(
    Math.min(request.searchCutoffMs ?? budget.cutoffMs, budget.cutoffMs),
    budget.within,
  );
  if (request.q !== '*' && request.queryBy.length === 0) throw badRequest('No search fields specified for the query.');
  const queryFields = resolveQueryFields(collection, request);
  if (request.synonymNumTypos > 2) throw badRequest('Value of `synonym_num_typos` must not be greater than 2.');
  const groupBy = resolveGroupBy(collection, request.groupBy, request.groupLimit);
  const filter = parseFilter(request.filterBy, collection.fieldsByName);
  const facets = resolveFacets(collection, request.facetBy);
  const facetQuery = parseFacetQuery(collection, request.facetQuery, facets, request.facetBy.length > 0);
  return { request, deadline, queryFields, groupBy, filter, facets, facetQuery, ...pageBounds(request) };
}

/** Where the page starts and ends among the ranked results; refused past per_page's and limit_hits' caps. */
function pageBounds(request: SearchRequest): { offset: number; fetchSize: number } {
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
  return { offset, fetchSize };
}

/** What the matching overrides and pinned_hits/hidden_hits do to this search. */
function applyOverrides(collection: Collection, request: SearchRequest): Curation {
  return curate(collection.overrides, {
    query: request.q,
    filterBy: request.filterBy,
    tags: request.overrideTags,
    enableOverrides: request.enableOverrides,
    pinnedHits: request.pinnedHits,
    hiddenHits: request.hiddenHits,
  });
}

/** The request's filter ANDed with each matching override's filter_by. */
function withOverrideFilters(
  collection: Collection,
  filter: FilterNode | null,
  overrideFilters: readonly string[],
): FilterNode | null {
  let combined = filter;
  for (const extra of overrideFilters) {
    const extraNode = parseFilter(extra, collection.fieldsByName);
    if (extraNode) combined = combined ? { kind: 'and', left: combined, right: extraNode } : extraNode;
  }
  return combined;
}

function readQueryWords(queryFields: readonly QueryField[], text: string): QueryWords {
  const stem = queryFields[0]?.index.stemmer ?? null;
  const parsed = parseQuery(text, stem);
  const tokens = parsed.include[0] === '*' ? [] : parsed.include;
  // An override's replace_query can turn the wildcard into words, which need fields to search.
  if (tokens.length > 0 && queryFields.length === 0) throw badRequest('Missing `query_by` parameter.');
  return { text, stem, parsed, tokens };
}

/** An override's sort_by replaces the query's own (Collection::search, curated_sort_by). */
function resolveSortKeys(
  collection: Collection,
  request: SearchRequest,
  curation: Curation,
  words: QueryWords,
): SortKey[] {
  const sortBy = curation.sortBy === null ? request.sortBy : parseSortBy(curation.sortBy);
  if (!sortBy) throw badRequest('Parameter `sort_by` is malformed.');
  const isWildcard = words.tokens.length === 0;
  return standardizeSortKeys(
    collection,
    sortBy,
    request.q === '*' || (isWildcard && words.parsed.phrases.length === 0),
  );
}

/** Exclusions and phrases narrow the documents a search may find, as a filter would. */
function findCandidates(
  collection: Collection,
  plan: SearchPlan,
  words: QueryWords,
  filter: FilterNode | null,
  filterCache: FilterCache | undefined,
): Candidates {
  const { queryFields, deadline } = plan;
  const { exclude, phrases: phraseWords } = words.parsed;
  const filtered = filter ? evaluateFilter(collection, filter, filterCache) : null;
  let allowed: DocIds | null = filtered;
  if (exclude.length > 0) {
    allowed = difference(allowed ?? collection.allSeqIds(), excludedDocuments(queryFields, exclude, deadline));
  }
  const phrases = phraseWords.length > 0 ? matchPhrases(queryFields, phraseWords, deadline) : null;
  if (phrases) allowed = allowed ? intersect(allowed, phrases.seqIds) : phrases.seqIds;
  return { filtered, allowed, phrases };
}

/** The documents found and their text match scores, or none for a wildcard without phrases. */
interface WordMatches {
  matched: DocIds;
  textMatch: TextMatchResult | null;
}

/** The keywords matched in the candidates; a wildcard matches every candidate and scores only its phrases. */
function matchWords(
  collection: Collection,
  plan: SearchPlan,
  words: QueryWords,
  candidates: Candidates,
  groupKeys: GroupKeys | null,
  scores: ScoreBoard,
): WordMatches {
  const { request, queryFields, deadline } = plan;
  let textMatch: TextMatchResult | null = null;
  let matched: DocIds;
  if (words.tokens.length === 0) {
    matched = candidates.allowed ?? collection.allSeqIds();
    if (candidates.phrases) textMatch = phraseTextMatch(candidates.phrases, matched, scores, collection.seqIdLimit);
  } else {
    const synonyms = request.enableSynonyms
      ? synonymAlternatives(collection, words.stem ? parseQuery(words.text).include : words.tokens, request, words.stem)
      : [];
    textMatch = matchText(
      { tokens: words.tokens, synonyms },
      queryFields,
      candidates.allowed,
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
  if (textMatch && candidates.phrases) addPhraseHighlights(textMatch, queryFields, words.parsed.phrases);
  return { matched, textMatch };
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

/**
 * Hidden documents leave the matches; pinned ones leave them too, to be placed at their positions (unless
 * filter_curated_hits and the filter leaves them out).
 */
function curateMatches(
  collection: Collection,
  request: SearchRequest,
  curation: Curation,
  matched: DocIds,
  filtered: DocIds | null,
): CuratedMatches {
  const excluded = new Set<number>();
  for (const id of curation.excluded) {
    const seqId = collection.seqIdOf(id);
    if (seqId !== undefined) excluded.add(seqId);
  }
  const curated: CuratedHit[] = [];
  const curatedSeqIds = new Set<number>();
  const filterCurated = request.filterCuratedHits ?? curation.filterCuratedHits;
  for (const include of curation.included) {
    const seqId = collection.seqIdOf(include.id);
    if (seqId === undefined || excluded.has(seqId) || curatedSeqIds.has(seqId)) continue;
    if (filterCurated && filtered && !contains(filtered, seqId)) continue;
    curated.push({ seqId, position: include.position });
    curatedSeqIds.add(seqId);
  }
  const ranked =
    excluded.size > 0 || curatedSeqIds.size > 0
      ? matched.filter((seqId) => !excluded.has(seqId) && !curatedSeqIds.has(seqId))
      : matched;
  return { matched: ranked, curated, curatedSeqIds };
}

/** facet_counts over every match, curated ones included. */
function countFacetValues(
  collection: Collection,
  plan: SearchPlan,
  matches: CuratedMatches,
  groupKeys: GroupKeys | null,
  size: ResponseSize,
): JsonObject[] {
  const { request } = plan;
  const { matched, curated } = matches;
  const facetIds =
    curated.length === 0 ? matched : [...matched, ...curated.map((entry) => entry.seqId)].sort((a, b) => a - b);
  return countFacets(collection, plan.facets, facetIds, {
    maxFacetValues: request.maxFacetValues,
    facetQuery: plan.facetQuery,
    startTag: request.highlightStartTag,
    endTag: request.highlightEndTag,
    deadline: plan.deadline,
    size,
    ...(groupKeys ? { groupOf: (seqId: number) => groupKeys.of(seqId) } : {}),
  });
}

/** What ranks the matches: their sort keys and text match scores, with the curated hits to place among them. */
interface Ranking {
  sortKeys: readonly SortKey[];
  textMatch: TextMatchResult | null;
  matches: CuratedMatches;
  groupKeys: GroupKeys | null;
  rankingKeys: RankingKeys;
}

/** The page's hits, or its groups under group_by, with `found`. */
function pageOfHits(
  collection: Collection,
  plan: SearchPlan,
  ranking: Ranking,
  queryTokenCount: number,
  size: ResponseSize,
): JsonObject {
  const { request, offset, fetchSize } = plan;
  const { sortKeys, textMatch, matches, groupKeys, rankingKeys } = ranking;
  const { matched, curated, curatedSeqIds } = matches;
  // Past the time budget, the hits are the first matches found, unranked: ranking them all could take as long again.
  const rank = (count: number): number[] =>
    plan.deadline.passed()
      ? matched.slice(0, count)
      : rankTop(collection, sortKeys, textMatch, matched, count, rankingKeys);
  const highlighting = hitHighlighting(collection, request, plan.queryFields);
  const hitOf = (seqId: number) =>
    buildHit(collection, seqId, curatedSeqIds.has(seqId), request, textMatch, highlighting, queryTokenCount, size);
  if (!groupKeys) {
    const ranked = rank(fetchSize);
    return {
      found: matched.length + curated.length,
      hits: mergeCurated(ranked, curated).slice(offset, fetchSize).map(hitOf),
    };
  }
  // Every match is ranked: a group's count and its best hits may come from anywhere in the results.
  const groups = groupHits(rank(matched.length), curated, groupKeys, request.groupLimit);
  return {
    found: groups.length,
    found_docs: matched.length + curated.length,
    grouped_hits: groups.slice(offset, fetchSize).map((group) => ({
      found: group.found,
      group_key: groupKey(collection.documents[group.seqIds[0] as number] as JsonObject, plan.groupBy),
      hits: group.seqIds.map(hitOf),
    })),
  };
}

/** The response's fields around its hits: out_of, the page, request_params, the cutoff, the time, metadata. */
function responseFrame(
  collection: Collection,
  request: SearchRequest,
  deadline: SearchDeadline,
  curation: Curation,
  started: number,
): JsonObject {
  const frame: JsonObject = {};
  const excludedResponseFields = new Set(request.excludeFields);
  if (!excludedResponseFields.has('out_of')) frame.out_of = collection.size;
  if (request.page === 0 && request.offset !== 0) frame.offset = request.offset;
  else frame.page = Math.max(1, request.page);
  frame.request_params = {
    collection_name: collection.name,
    first_q: request.q,
    per_page: request.perPage,
    q: request.q,
  };
  frame.search_cutoff = deadline.cutoff;
  if (!excludedResponseFields.has('search_time_ms')) frame.search_time_ms = Math.floor(performance.now() - started);
  if (curation.metadata) frame.metadata = curation.metadata;
  return frame;
}
