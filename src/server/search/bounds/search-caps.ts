/**
 * The most one search may ask for. Each bounds a factor of a search's work, so that with the time budget
 * (search_cutoff_ms) the worst query a holder of the search-only key can send stays within a few tens of
 * milliseconds at 100,000 products (bench/search-abuse.bench.ts, docs/decisions/017-search-bounds.md).
 */
export const SEARCH_CAPS = {
  /** Words of `q` searched; later ones are ignored. Words multiply every other cost, drop-token rounds too. */
  queryTokens: 16,
  /** Candidate tokens per query word and typo level (max_candidates): its prefix and typo expansions. */
  maxCandidates: 100,
  /** Entries of query_by, before wildcards are expanded (not folded: weights, typos and prefixes go by position). */
  queryByFields: 20,
  /** Distinct patterns of include_fields, and of exclude_fields, checked against every key of every hit. */
  fieldPatterns: 100,
  /** Distinct entries of facet_by. */
  facetFields: 20,
  /** Words of facet_query's value matched against every value of its facet; later ones are ignored, as in `q`. */
  facetQueryWords: 16,
  /** Entries of group_by (not folded: each is a part of the group key), read for every match. */
  groupFields: 10,
  /**
   * Characters of any one parameter's value. Typesense bounds none (but a GET search's whole query string, at
   * 4,000): these keep a value from costing more than its use, and are far above what the shop sends.
   */
  valueChars: 4_000,
  /** Characters of filter_by (the shop's longest lists a few dozen ids); its operations are Typesense's 100. */
  filterChars: 65_536,
  /** Characters of each highlight tag: both stand around every highlighted word, in every hit. */
  highlightTagChars: 256,
  /** Characters of JSON one search may answer (hits, highlights, facets), and a multi_search's searches together. */
  responseChars: 4 * 1024 * 1024,
  multiSearchResponseChars: 8 * 1024 * 1024,
} as const;

/** The time budget of a search when neither the server nor the query sets one. */
export const DEFAULT_SEARCH_CUTOFF_MS = 25;
