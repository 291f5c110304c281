/**
 * The embedded, Typesense-compatible search engine: collections, documents, overrides and search, with
 * Typesense's status codes and messages carried by SearchError. Pure TypeScript, no HTTP.
 */
import { ResponseSize } from './bounds/response-size.ts';
import { DEFAULT_SEARCH_CUTOFF_MS, SEARCH_CAPS } from './bounds/search-caps.ts';
import { SearchDeadline } from './bounds/search-deadline.ts';
import { SearchError, badRequest } from './errors.ts';
import { Collection, type WriteAction } from './index/collection.ts';
import { overrideJson, parseOverride } from './index/overrides.ts';
import { isJsonObject, parseCollectionSchema, type JsonObject, type JsonValue } from './index/schema.ts';
import { StemmingDictionaries, type StemmingDictionaryWord } from './index/stemming-dictionaries.ts';
import { parseSynonym, synonymJson } from './index/synonyms.ts';
import { FilterCache, evaluateFilter } from './matching/filter-evaluator.ts';
import { ScoreBoard } from './matching/text-match.ts';
import { parseFilter } from './query/filter-parser.ts';
import { toSearchParameters, type SearchParameters, type SearchParameterValue } from './query/search-params.ts';
import { RankingKeys } from './results/sorting.ts';
import { executeSearch, type SearchBudget } from './search.ts';

export type { WriteAction } from './index/collection.ts';
export type { JsonObject, JsonValue } from './index/schema.ts';
export type { SearchParameters, SearchParameterValue } from './query/search-params.ts';

export type ImportResult =
  { success: true; id?: string } | { success: false; code: number; error: string; document: string; id?: string };

export type MultiSearchResult = JsonObject | { code: number; error: string };

export const WRITE_ACTIONS: readonly WriteAction[] = ['create', 'upsert', 'update', 'emplace'];
export const DEFAULT_LIMIT_MULTI_SEARCHES = 50;

export interface SearchEngineOptions {
  /** Every search's time budget, and the most a query's own search_cutoff_ms may ask for; a multi_search's searches share it. */
  searchCutoffMs?: number;
}

export class SearchEngine {
  readonly searchCutoffMs: number;
  private readonly collections = new Map<string, Collection>();
  private readonly stemmingDictionaries = new StemmingDictionaries();
  /** Scratch space for text match scores, reused by every search: searches run one at a time. */
  private readonly scores = new ScoreBoard();
  private readonly rankingKeys = new RankingKeys();

  constructor(options: SearchEngineOptions = {}) {
    this.searchCutoffMs = options.searchCutoffMs ?? DEFAULT_SEARCH_CUTOFF_MS;
  }

  createCollection(definition: unknown): JsonObject {
    const schema = parseCollectionSchema(definition);
    if (this.collections.has(schema.name)) {
      throw new SearchError(409, `A collection with name \`${schema.name}\` already exists.`);
    }
    const collection = new Collection(schema, Math.floor(Date.now() / 1000), (field) =>
      this.stemmingDictionaries.stemmerFor(field),
    );
    this.collections.set(schema.name, collection);
    return collection.summary();
  }

  hasCollection(name: string): boolean {
    return this.collections.has(name);
  }

  getCollection(name: string): JsonObject {
    return this.collection(name).summary();
  }

  /** Newest first, as Typesense lists them. */
  listCollections(): JsonObject[] {
    return [...this.collections.values()].reverse().map((collection) => collection.summary());
  }

  deleteCollection(name: string): JsonObject {
    const collection = this.collections.get(name);
    if (!collection) throw new SearchError(404, `No collection with name \`${name}\` found.`);
    this.collections.delete(name);
    return collection.summary();
  }

  writeDocument(collectionName: string, document: unknown, action: WriteAction = 'create'): JsonObject {
    return this.collection(collectionName).write(document, action);
  }

  updateDocument(collectionName: string, id: string, changes: unknown): JsonObject {
    return this.collection(collectionName).write(changes, 'update', id);
  }

  getDocument(collectionName: string, id: string): JsonObject {
    return this.collection(collectionName).getDocument(id);
  }

  deleteDocument(collectionName: string, id: string): JsonObject {
    return this.collection(collectionName).remove(id);
  }

  deleteDocumentsByFilter(collectionName: string, filterBy: string): { num_deleted: number } {
    const collection = this.collection(collectionName);
    const filter = parseFilter(filterBy, collection.fieldsByName);
    if (!filter) return { num_deleted: 0 };
    const ids = evaluateFilter(collection, filter)
      .map((seqId) => collection.documents[seqId]?.id)
      .filter((id): id is string => typeof id === 'string');
    for (const id of ids) collection.remove(id);
    return { num_deleted: ids.length };
  }

  /** Imports JSON lines, one result per non-empty line, as POST /documents/import answers. */
  importDocuments(
    collectionName: string,
    lines: readonly string[],
    action: WriteAction = 'create',
    options: { returnId?: boolean } = {},
  ): ImportResult[] {
    const collection = this.collection(collectionName);
    const results: ImportResult[] = [];
    for (const rawLine of lines) {
      const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
      if (line.trim() === '') continue;
      let document: unknown;
      try {
        document = JSON.parse(line);
      } catch {
        results.push({ code: 400, document: line, error: 'Bad JSON.', success: false });
        continue;
      }
      const id = isJsonObject(document) && typeof document.id === 'string' ? document.id : undefined;
      try {
        const stored = collection.write(document, action);
        results.push(options.returnId ? { id: String(stored.id), success: true } : { success: true });
      } catch (error) {
        if (!(error instanceof SearchError)) throw error;
        const failure: ImportResult = { code: error.status, document: line, error: error.message, success: false };
        if (options.returnId && id !== undefined) failure.id = id;
        results.push(failure);
      }
    }
    return results;
  }

  upsertOverride(collectionName: string, id: string, definition: unknown): JsonObject {
    const collection = this.collection(collectionName);
    const override = parseOverride(definition, id);
    collection.overrides.upsert(override);
    return override.source;
  }

  getOverride(collectionName: string, id: string): JsonObject {
    return overrideJson(this.collection(collectionName).overrides.get(id));
  }

  listOverrides(collectionName: string): JsonObject[] {
    return this.collection(collectionName).overrides.list().map(overrideJson);
  }

  deleteOverride(collectionName: string, id: string): { id: string } {
    this.collection(collectionName).overrides.delete(id);
    return { id };
  }

  hasOverride(collectionName: string, id: string): boolean {
    return this.collection(collectionName).overrides.has(id);
  }

  /** PUT /collections/{c}/synonyms/{id}: answers the body with its id, as Typesense does. */
  upsertSynonym(collectionName: string, id: string, definition: unknown): JsonObject {
    const collection = this.synonymCollection(collectionName);
    const synonym = parseSynonym(definition, id);
    collection.synonyms.upsert(synonym);
    return synonym.source;
  }

  getSynonym(collectionName: string, id: string): JsonObject {
    return synonymJson(this.synonymCollection(collectionName).synonyms.get(id));
  }

  hasSynonym(collectionName: string, id: string): boolean {
    return this.synonymCollection(collectionName).synonyms.has(id);
  }

  /** GET /collections/{c}/synonyms, with core_api's `offset` and `limit` (0: all). */
  listSynonyms(collectionName: string, page: { offset?: string; limit?: string } = {}): JsonObject[] {
    const synonyms = this.synonymCollection(collectionName).synonyms.list();
    const offset = pageParameter(page.offset, 'Offset');
    const limit = pageParameter(page.limit, 'Limit');
    if (offset > 0 && offset >= synonyms.length) throw badRequest('Invalid offset param.');
    return synonyms.slice(offset, limit > 0 ? offset + limit : undefined).map(synonymJson);
  }

  deleteSynonym(collectionName: string, id: string): { id: string } {
    this.synonymCollection(collectionName).synonyms.delete(id);
    return { id };
  }

  /**
   * POST /stemming/dictionaries/import?id=: adds JSON lines of {"word", "root"} to a dictionary; answers the
   * lines, as Typesense echoes them. Fields name dictionaries with `stem_dictionary`.
   */
  importStemmingDictionary(id: string, lines: readonly string[]): string[] {
    this.stemmingDictionaries.import(id, lines);
    return lines.filter((line) => line.trim() !== '');
  }

  listStemmingDictionaries(): { dictionaries: string[] } {
    return { dictionaries: this.stemmingDictionaries.list() };
  }

  /** Typesense answers a missing dictionary with 404 "Collection not found" (core_api get_stemming_dictionary). */
  getStemmingDictionary(id: string): { id: string; words: StemmingDictionaryWord[] } {
    const dictionary = this.stemmingDictionaries.get(id);
    if (!dictionary) throw new SearchError(404, 'Collection not found');
    return dictionary;
  }

  /** Answers the id whether or not there was such a dictionary, as Typesense does. */
  deleteStemmingDictionary(id: string): { id: string } {
    this.stemmingDictionaries.delete(id);
    return { id };
  }

  /** One search; throws SearchError with Typesense's status and message. */
  search(collectionName: string, parameters: Record<string, SearchParameterValue>): JsonObject {
    return this.searchWithin(collectionName, toSearchParameters(parameters), {});
  }

  private searchWithin(
    collectionName: string,
    parameters: SearchParameters,
    shared: Omit<SearchBudget, 'cutoffMs'>,
  ): JsonObject {
    const collection = this.collections.get(collectionName);
    if (!collection) throw new SearchError(404, 'Collection not found');
    return executeSearch(collection, parameters, this.scores, this.rankingKeys, {
      cutoffMs: this.searchCutoffMs,
      ...shared,
    });
  }

  /**
   * POST /multi_search: `common` holds the query-string parameters. A search's own value never replaces a
   * common one, except `filter_by`, which is ANDed with it (AuthManager::add_item_to_params). A failed search
   * answers `{code, error}` in its slot. The searches share one time budget and evaluate each filter once.
   */
  multiSearch(searches: unknown, common: SearchParameters = {}): { results: MultiSearchResult[] } {
    if (!Array.isArray(searches)) throw badRequest('Missing `searches` array.');
    const limitValue = common.limit_multi_searches;
    const limit =
      limitValue !== undefined && /^\d+$/.test(limitValue) ? Number(limitValue) : DEFAULT_LIMIT_MULTI_SEARCHES;
    if (searches.length > limit) throw badRequest('Number of multi searches exceeds `limit_multi_searches` parameter.');
    const shared = {
      within: SearchDeadline.after(this.searchCutoffMs),
      filters: new FilterCache(),
      answered: new ResponseSize(SEARCH_CAPS.multiSearchResponseChars),
    };
    const results: MultiSearchResult[] = [];
    for (const search of searches) {
      if (!isJsonObject(search)) throw badRequest('The value of `searches` must be an array of objects.');
      // Once the shared budget is spent, the searches left are not started: they answer as a cut-off search does.
      if (shared.within.passed()) {
        results.push({ code: 408, error: 'Request Timeout' });
        continue;
      }
      const parameters = mergeSearchParameters(common, search);
      try {
        results.push(this.searchWithin(parameters.collection ?? '', parameters, shared));
      } catch (error) {
        if (!(error instanceof SearchError)) throw error;
        results.push({ code: error.status, error: error.message });
      }
    }
    return { results };
  }

  /** The synonym routes answer a missing collection as core_api does: "Collection not found". */
  private synonymCollection(name: string): Collection {
    const collection = this.collections.get(name);
    if (!collection) throw new SearchError(404, 'Collection not found');
    return collection;
  }

  private collection(name: string): Collection {
    const collection = this.collections.get(name);
    if (!collection) throw new SearchError(404, 'Not Found');
    return collection;
  }
}

function pageParameter(value: string | undefined, name: 'Offset' | 'Limit'): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value) || Number(value) > 4294967295) throw badRequest(`${name} param should be unsigned integer.`);
  return Number(value);
}

function mergeSearchParameters(common: SearchParameters, search: JsonObject): SearchParameters {
  const parameters: SearchParameters = { ...common };
  for (const [key, value] of Object.entries(search)) {
    if (key === 'cache_ttl') continue;
    const text = parameterText(value);
    if (text === undefined) throw badRequest('One or more search parameters are malformed.');
    const existing = parameters[key];
    if (existing === undefined) {
      parameters[key] = text;
    } else if (key === 'filter_by') {
      if (existing !== '' && text !== '') parameters[key] = `(${existing}) && (${text})`;
      else if (existing !== '' || text !== '') parameters[key] = `(${existing || text})`;
    }
  }
  return parameters;
}

function parameterText(value: JsonValue): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(6);
  return undefined;
}
