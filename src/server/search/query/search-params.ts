/**
 * Search parameters as Typesense reads them from the query string (CollectionManager::do_search): every value
 * is a string, unknown names are ignored, unsigned integers are checked, booleans are true only when "true".
 */
import { SEARCH_CAPS } from '../bounds/search-caps.ts';
import { badRequest } from '../errors.ts';
import { parsePinnedHits, parseSortBy, splitFacetBy, type SortClause } from './parameter-lists.ts';

export type SearchParameters = Record<string, string>;

/** The parameters whose values may be longer or must be shorter than SEARCH_CAPS.valueChars. */
const VALUE_CHARS: ReadonlyMap<string, number> = new Map([
  ['filter_by', SEARCH_CAPS.filterChars],
  ['highlight_start_tag', SEARCH_CAPS.highlightTagChars],
  ['highlight_end_tag', SEARCH_CAPS.highlightTagChars],
]);

/** Refuses a parameter longer than its cap, before any of it is read. */
function checkValueLengths(parameters: SearchParameters): void {
  for (const [name, value] of Object.entries(parameters)) {
    const cap = VALUE_CHARS.get(name) ?? SEARCH_CAPS.valueChars;
    if (value.length > cap) throw badRequest(`Parameter \`${name}\` must be at most ${cap} characters long.`);
  }
}

/** Values a caller of the engine may pass; they are turned into Typesense's strings. */
export type SearchParameterValue = string | number | boolean | readonly (string | number)[] | undefined;

export interface SearchRequest {
  q: string;
  queryBy: string[];
  queryByWeights: number[];
  numTypos: number[];
  prefixes: boolean[];
  minLen1Typo: number;
  minLen2Typo: number;
  typoTokensThreshold: number;
  dropTokensThreshold: number;
  maxCandidates: number;
  /** The query's own search_cutoff_ms, or null when it sends none. */
  searchCutoffMs: number | null;
  filterBy: string;
  facetBy: string[];
  facetQuery: string;
  maxFacetValues: number;
  sortBy: SortClause[];
  perPage: number;
  page: number;
  offset: number;
  limitHits: number;
  includeFields: string[];
  excludeFields: string[];
  highlightFields: string[];
  highlightFullFields: string[];
  highlightStartTag: string;
  highlightEndTag: string;
  snippetThreshold: number;
  highlightAffixNumTokens: number;
  enableHighlightV1: boolean;
  pinnedHits: { id: string; position: number }[];
  hiddenHits: string[];
  enableOverrides: boolean;
  /** null when not sent: the matching override's setting applies then. */
  filterCuratedHits: boolean | null;
  overrideTags: string[];
  prioritizeExactMatch: boolean;
  prioritizeTokenPosition: boolean;
  prioritizeNumMatchingFields: boolean;
  enableSynonyms: boolean;
  synonymPrefix: boolean;
  synonymNumTypos: number;
  groupBy: string[];
  groupLimit: number;
  groupMissingValues: boolean;
}

export function toSearchParameters(values: Record<string, SearchParameterValue>): SearchParameters {
  const parameters: SearchParameters = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    parameters[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return parameters;
}

const splitList = (value: string | undefined): string[] =>
  value === undefined
    ? []
    : value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');

function unsigned(parameters: SearchParameters, name: string, fallback: number): number {
  const value = parameters[name];
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 4294967295) {
    throw badRequest(`Parameter \`${name}\` must be an unsigned integer.`);
  }
  return Number(value);
}

function unsignedList(parameters: SearchParameters, name: string, fallback: number[]): number[] {
  const value = parameters[name];
  if (value === undefined) return fallback;
  return splitList(value).map((part) => {
    if (!/^\d+$/.test(part)) throw badRequest(`Parameter \`${name}\` is malformed.`);
    return Number(part);
  });
}

/** A list parameter, refused past its cap; duplicates are folded first when `distinct` (their order kept). */
function cappedList(name: string, entries: readonly string[], cap: number, distinct: boolean): string[] {
  const kept = distinct ? [...new Set(entries)] : [...entries];
  if (kept.length > cap) throw badRequest(`Only upto ${cap} fields are allowed in \`${name}\`.`);
  return kept;
}

function cappedUnsigned(parameters: SearchParameters, name: string, fallback: number, cap: number): number {
  const value = unsigned(parameters, name, fallback);
  if (value > cap) throw badRequest(`Parameter \`${name}\` must be at most ${cap}.`);
  return value;
}

const flag = (parameters: SearchParameters, name: string, fallback: boolean): boolean =>
  parameters[name] === undefined ? fallback : parameters[name] === 'true';

/** The text up to the end of its `count`-th word: later words are ignored, so they need not be read at all. */
function leadingWords(text: string, count: number): string {
  const word = /\S+/g;
  let end = text.length;
  for (let seen = 0; seen < count; seen++) {
    if (!word.exec(text)) return text;
    end = word.lastIndex;
  }
  return text.slice(0, end);
}

/** facet_query (`field: words`) with its words past the cap left out. */
function cappedFacetQuery(value: string): string {
  const colon = value.indexOf(':');
  return colon < 0
    ? value
    : value.slice(0, colon + 1) + leadingWords(value.slice(colon + 1), SEARCH_CAPS.facetQueryWords);
}

export function parseSearchRequest(parameters: SearchParameters): SearchRequest {
  if (parameters.q === undefined) throw badRequest('Parameter `q` is required.');
  checkValueLengths(parameters);

  // `limit` and `per_page` are one setting; like Typesense's sorted parameter map, `per_page` wins.
  let perPage = unsigned(parameters, 'limit', 10);
  perPage = unsigned(parameters, 'per_page', perPage);
  const facetQuery = cappedFacetQuery(parameters.facet_query ?? '');
  if (facetQuery !== '' && parameters.per_page === undefined) perPage = 0;

  const sortBy = parseSortBy(parameters.sort_by ?? '');
  if (!sortBy) throw badRequest('Parameter `sort_by` is malformed.');
  if (sortBy.length > 3) throw badRequest('Only upto 3 sort fields are allowed.');

  const prefixValue = parameters.prefix;
  const prefixes =
    prefixValue === undefined
      ? [true]
      : prefixValue === 'true' || prefixValue === 'false'
        ? [prefixValue === 'true']
        : splitList(prefixValue).map((part) => part === 'true');

  return {
    q: leadingWords(parameters.q, SEARCH_CAPS.queryTokens),
    queryBy: cappedList('query_by', splitList(parameters.query_by), SEARCH_CAPS.queryByFields, false),
    queryByWeights: unsignedList(parameters, 'query_by_weights', []),
    numTypos: unsignedList(parameters, 'num_typos', [2]),
    prefixes,
    minLen1Typo: unsigned(parameters, 'min_len_1typo', 4),
    minLen2Typo: unsigned(parameters, 'min_len_2typo', 7),
    typoTokensThreshold: unsigned(parameters, 'typo_tokens_threshold', 1),
    dropTokensThreshold: unsigned(parameters, 'drop_tokens_threshold', 1),
    maxCandidates: cappedUnsigned(parameters, 'max_candidates', 4, SEARCH_CAPS.maxCandidates) || 4,
    searchCutoffMs: parameters.search_cutoff_ms === undefined ? null : unsigned(parameters, 'search_cutoff_ms', 0),
    filterBy: parameters.filter_by ?? '',
    facetBy: cappedList('facet_by', splitFacetBy(parameters.facet_by ?? ''), SEARCH_CAPS.facetFields, true),
    facetQuery,
    maxFacetValues: unsigned(parameters, 'max_facet_values', 10),
    sortBy,
    perPage,
    page: unsigned(parameters, 'page', 0),
    offset: unsigned(parameters, 'offset', 0),
    limitHits: unsigned(parameters, 'limit_hits', 4294967295),
    includeFields: cappedList('include_fields', splitList(parameters.include_fields), SEARCH_CAPS.fieldPatterns, true),
    excludeFields: cappedList('exclude_fields', splitList(parameters.exclude_fields), SEARCH_CAPS.fieldPatterns, true),
    highlightFields: splitList(parameters.highlight_fields),
    highlightFullFields: splitList(parameters.highlight_full_fields),
    highlightStartTag: parameters.highlight_start_tag ?? '<mark>',
    highlightEndTag: parameters.highlight_end_tag ?? '</mark>',
    snippetThreshold: unsigned(parameters, 'snippet_threshold', 30),
    highlightAffixNumTokens: unsigned(parameters, 'highlight_affix_num_tokens', 4),
    enableHighlightV1: flag(parameters, 'enable_highlight_v1', true),
    pinnedHits: parsePinnedHits(parameters.pinned_hits ?? ''),
    hiddenHits: splitList(parameters.hidden_hits),
    enableOverrides: flag(parameters, 'enable_overrides', true),
    filterCuratedHits: parameters.filter_curated_hits === undefined ? null : parameters.filter_curated_hits === 'true',
    // Typesense 30 renamed overrides to curation; both spellings select rules by tag.
    overrideTags: splitList(parameters.override_tags ?? parameters.curation_tags),
    prioritizeExactMatch: flag(parameters, 'prioritize_exact_match', true),
    prioritizeTokenPosition: flag(parameters, 'prioritize_token_position', false),
    prioritizeNumMatchingFields: flag(parameters, 'prioritize_num_matching_fields', true),
    enableSynonyms: flag(parameters, 'enable_synonyms', true),
    synonymPrefix: flag(parameters, 'synonym_prefix', false),
    synonymNumTypos: unsigned(parameters, 'synonym_num_typos', 0),
    groupBy: cappedList('group_by', splitList(parameters.group_by), SEARCH_CAPS.groupFields, false),
    groupLimit: unsigned(parameters, 'group_limit', 3),
    groupMissingValues: flag(parameters, 'group_missing_values', true),
  };
}
