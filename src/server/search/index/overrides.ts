/**
 * Overrides (curation rules), as Typesense's override_t and Collection::curate_results: pinned and hidden hits,
 * extra filters, a sort order, and removal or replacement of the words that triggered the rule, chosen by
 * query, filter or tags.
 */
import { SearchError, badRequest } from '../errors.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './schema.ts';
import { tokenize } from './tokenizer.ts';

export interface Override {
  id: string;
  rule: { query: string; normalizedQuery: string; match: string; filterBy: string; tags: string[] };
  includes: { id: string; position: number }[];
  excludes: { id: string }[];
  filterBy: string;
  /** The sort_by that replaces the query's own when the rule matches; '' for none. */
  sortBy: string;
  /** The query searched instead when the rule matches; '' for none. */
  replaceQuery: string;
  removeMatchedTokens: boolean;
  filterCuratedHits: boolean;
  stopProcessing: boolean;
  metadata: JsonObject | null;
  /** The body as it was sent, answered back by PUT. */
  source: JsonObject;
}

export function parseOverride(input: unknown, id: string): Override {
  if (!isJsonObject(input)) throw badRequest('Bad JSON.');
  const rule = input.rule;
  if (!isJsonObject(rule)) throw badRequest('Missing `rule` definition.');
  if (!('filter_by' in rule) && !('tags' in rule) && (!('query' in rule) || !('match' in rule))) {
    throw badRequest('The `rule` definition must contain either a `tags` or a `query` and `match`.');
  }
  const actions = [
    'includes',
    'excludes',
    'filter_by',
    'sort_by',
    'remove_matched_tokens',
    'metadata',
    'replace_query',
  ];
  if (!actions.some((key) => key in input)) {
    throw badRequest(
      'Must contain one of: `includes`, `excludes`, `metadata`, `filter_by`, `sort_by`, `remove_matched_tokens`, `replace_query`.',
    );
  }
  const tags: string[] = [];
  if ('tags' in rule) {
    if (!Array.isArray(rule.tags)) throw badRequest('The `tags` value must be an array of strings.');
    for (const tag of rule.tags) {
      if (typeof tag !== 'string') throw badRequest('The `tags` value must be an array of strings.');
      if (!tags.includes(tag)) tags.push(tag);
    }
  }
  const includes = parseIncludes(input.includes);
  const excludes = parseExcludes(input.excludes);
  if ('filter_by' in input) {
    if (typeof input.filter_by !== 'string') throw badRequest('The `filter_by` must be a string.');
    if (input.filter_by === '') throw badRequest('The `filter_by` must be a non-empty string.');
  }
  for (const flag of ['remove_matched_tokens', 'filter_curated_hits', 'stop_processing'] as const) {
    if (flag in input && typeof input[flag] !== 'boolean') throw badRequest(`The \`${flag}\` must be a boolean.`);
  }
  for (const text of ['sort_by', 'replace_query'] as const) {
    if (text in input && typeof input[text] !== 'string') throw badRequest(`The \`${text}\` must be a string.`);
  }
  if ('replace_query' in input && input.remove_matched_tokens === true) {
    throw badRequest('Only one of `replace_query` or `remove_matched_tokens` can be specified.');
  }
  if ('metadata' in input && !isJsonObject(input.metadata)) throw badRequest('The `metadata` must be a JSON object.');
  if ('filter_by' in rule && typeof rule.filter_by !== 'string')
    throw badRequest('Override `rule.filter_by` must be a string.');
  const query = typeof rule.query === 'string' ? rule.query : '';
  const filterBy = typeof input.filter_by === 'string' ? input.filter_by : '';
  return {
    id,
    rule: {
      query,
      // The rule's tokenizer keeps `*` (override_t::parse), so a rule can match the wildcard query.
      normalizedQuery: query === '*' ? '*' : tokenize(query).join(' '),
      match: typeof rule.match === 'string' ? rule.match : '',
      filterBy: typeof rule.filter_by === 'string' ? rule.filter_by : '',
      tags,
    },
    includes,
    excludes,
    filterBy,
    sortBy: typeof input.sort_by === 'string' ? input.sort_by : '',
    replaceQuery: typeof input.replace_query === 'string' ? input.replace_query : '',
    removeMatchedTokens:
      typeof input.remove_matched_tokens === 'boolean' ? input.remove_matched_tokens : 'filter_by' in input,
    filterCuratedHits: input.filter_curated_hits === true,
    stopProcessing: input.stop_processing === true,
    metadata: isJsonObject(input.metadata) ? input.metadata : null,
    source: { ...input, id },
  };
}

function parseIncludes(value: JsonValue | undefined): Override['includes'] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest('The `includes` value must be an array.');
  return value.map((include) => {
    if (!isJsonObject(include)) throw badRequest('The `includes` value must be an array of objects.');
    if (!('id' in include) || !('position' in include)) {
      throw badRequest('Inclusion definition must define both `id` and `position` keys.');
    }
    if (typeof include.id !== 'string') throw badRequest('Inclusion `id` must be a string.');
    if (typeof include.position !== 'number' || !Number.isInteger(include.position)) {
      throw badRequest('Inclusion `position` must be an integer.');
    }
    return { id: include.id, position: include.position };
  });
}

function parseExcludes(value: JsonValue | undefined): Override['excludes'] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest('The `excludes` value must be an array.');
  return value.map((exclude) => {
    if (!isJsonObject(exclude)) throw badRequest('The `excludes` value must be an array of objects.');
    if (!('id' in exclude)) throw badRequest('Exclusion definition must define an `id`.');
    if (typeof exclude.id !== 'string') throw badRequest('Exclusion `id` must be a string.');
    return { id: exclude.id };
  });
}

/** Typesense's override_t::to_json. */
export function overrideJson(override: Override): JsonObject {
  const rule: JsonObject = {};
  if (override.rule.query !== '') rule.query = override.rule.query;
  if (override.rule.match !== '') rule.match = override.rule.match;
  if (override.rule.filterBy !== '') rule.filter_by = override.rule.filterBy;
  if (override.rule.tags.length > 0) rule.tags = [...override.rule.tags].sort();
  const json: JsonObject = {
    excludes: override.excludes.map((exclude) => ({ id: exclude.id })),
    filter_curated_hits: override.filterCuratedHits,
    id: override.id,
    includes: override.includes.map((include) => ({ id: include.id, position: include.position })),
    remove_matched_tokens: override.removeMatchedTokens,
    rule,
    stop_processing: override.stopProcessing,
  };
  if (override.filterBy !== '') json.filter_by = override.filterBy;
  if (override.sortBy !== '') json.sort_by = override.sortBy;
  if (override.replaceQuery !== '') json.replace_query = override.replaceQuery;
  if (override.metadata) json.metadata = override.metadata;
  return json;
}

/** A collection's overrides, kept in id order because Typesense walks them in that order. */
export class OverrideStore {
  private readonly byId = new Map<string, Override>();
  private ordered: Override[] | null = null;

  upsert(override: Override): void {
    this.byId.set(override.id, override);
    this.ordered = null;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): Override {
    const override = this.byId.get(id);
    if (!override) throw new SearchError(404, 'Could not find that `id`.');
    return override;
  }

  delete(id: string): void {
    if (!this.byId.delete(id)) throw new SearchError(404, 'Could not find that `id`.');
    this.ordered = null;
  }

  list(): Override[] {
    if (!this.ordered) this.ordered = [...this.byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return this.ordered;
  }
}

/** What the matching overrides and the pinned_hits/hidden_hits parameters do to one search. */
export interface Curation {
  /** Document ids with their 1-based positions. */
  included: { id: string; position: number }[];
  excluded: Set<string>;
  filters: string[];
  query: string;
  /** The last matching rule's sort_by, which replaces the query's; null when none has one. */
  sortBy: string | null;
  filterCuratedHits: boolean;
  metadata: JsonObject | null;
}

export interface CurationRequest {
  query: string;
  filterBy: string;
  tags: string[];
  enableOverrides: boolean;
  pinnedHits: { id: string; position: number }[];
  hiddenHits: string[];
}

export function curate(store: OverrideStore, request: CurationRequest): Curation {
  const excluded = new Set<string>(request.hiddenHits);
  const included: Curation['included'] = [];
  const filters: string[] = [];
  let query = request.query;
  let sortBy: string | null = null;
  let filterCuratedHits = false;
  let metadata: JsonObject | null = null;
  const normalizedQuery = request.query === '*' ? '*' : tokenize(request.query).join(' ');
  let workingQuery = normalizedQuery;

  const apply = (override: Override, tagsMatched: boolean, wildcardTag: boolean): boolean => {
    if (!wildcardTag && !tagsMatched && override.rule.tags.length > 0) return false;
    const ruleQuery = override.rule.normalizedQuery;
    if (!((wildcardTag || tagsMatched) && override.rule.query === '' && override.rule.filterBy === '')) {
      const filterMatch =
        override.rule.query === '' &&
        override.rule.match === '' &&
        override.rule.filterBy !== '' &&
        override.rule.filterBy === request.filterBy;
      const queryMatch =
        (override.rule.match === 'exact' && ruleQuery === workingQuery) ||
        (override.rule.match === 'contains' && containsWords(workingQuery, ruleQuery));
      if (!filterMatch && !queryMatch) return false;
      if (override.rule.filterBy !== '' && override.rule.filterBy !== request.filterBy) return false;
    }
    if (override.filterBy !== '') filters.push(override.filterBy);
    // Typesense 29 takes an override's sort_by before it checks the rule; its documentation, and this engine,
    // apply it only to the queries the rule matches.
    if (override.sortBy !== '') sortBy = override.sortBy;
    for (const exclude of override.excludes) excluded.add(exclude.id);
    for (const include of override.includes) if (!excluded.has(include.id)) included.push(include);
    if (override.replaceQuery !== '') {
      // The words searched change; later rules still match against the query as sent (curate_results).
      query = override.replaceQuery;
    } else if (override.removeMatchedTokens && ruleQuery !== '') {
      workingQuery = removeWords(workingQuery, ruleQuery);
      query = workingQuery === '' ? '*' : workingQuery;
      if (workingQuery === '') workingQuery = '*';
    }
    filterCuratedHits = override.filterCuratedHits;
    if (!metadata && override.metadata) metadata = override.metadata;
    return true;
  };

  if (request.enableOverrides) {
    const overrides = store.list();
    if (request.tags.length > 0) {
      const tagSet = new Set(request.tags);
      const applied = new Set<string>();
      if (tagSet.size > 1) {
        for (const override of overrides) {
          const exact = override.rule.tags.length === tagSet.size && override.rule.tags.every((tag) => tagSet.has(tag));
          if (!exact || !apply(override, true, false)) continue;
          applied.add(override.id);
          if (override.stopProcessing) break;
        }
      }
      if (applied.size === 0) {
        outer: for (const tag of [...tagSet].sort()) {
          for (const override of overrides) {
            if (applied.has(override.id) || !override.rule.tags.includes(tag)) continue;
            if (!apply(override, true, false)) continue;
            applied.add(override.id);
            if (override.stopProcessing) break outer;
          }
        }
      }
    } else {
      for (const override of overrides) {
        const wildcardTag = override.rule.tags.length === 1 && override.rule.tags[0] === '*';
        if (apply(override, false, wildcardTag) && override.stopProcessing) break;
      }
    }
  }
  for (const pinned of request.pinnedHits) if (!excluded.has(pinned.id)) included.push(pinned);
  return { included, excluded, filters, query, sortBy, filterCuratedHits, metadata };
}

function containsWords(query: string, words: string): boolean {
  if (words === '') return false;
  return ` ${query} `.includes(` ${words} `);
}

function removeWords(query: string, words: string): string {
  return ` ${query} `.replace(` ${words} `, ' ').trim().replace(/\s+/g, ' ');
}
