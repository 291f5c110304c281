/**
 * Where the indexer writes: the embedded engine in this process, or a Typesense cluster through the official
 * client with the admin key. The indexer's rules are the same for both; only the calls differ.
 */
import { createRequire } from 'node:module';
import type * as typesense from 'typesense';
import type { ServerConfig } from '../../config.ts';
import type { OverrideCreateSchema } from 'typesense/lib/Typesense/Overrides.js';
import type { SynonymCreateSchema } from 'typesense/lib/Typesense/Synonyms.js';
import { SearchError } from '../../search/errors.ts';
import { parseOverride, type Override } from '../../search/index/overrides.ts';
import { parseSynonym, type Synonym } from '../../search/index/synonyms.ts';
import type { StemmingDictionaryWord } from '../../search/index/stemming-dictionaries.ts';
import type { SearchEngineCalls } from '../../search/worker/protocol.ts';
import type { CollectionSchema, FieldSchema } from '../../search/index/schema.ts';
import { lazily } from '../../../shared/lazily.ts';
import { PRODUCTS_COLLECTION } from '../../../shared/site-search.ts';
import type { SearchDocument } from './products-collection.ts';
import type { SearchRules } from './search-rules.ts';
import { SUGGESTED_PRODUCTS_OVERRIDE_ID, type SuggestedProductsOverride } from './suggested-products.ts';

/** The live collection as far as deciding whether it still has our schema. */
export interface LiveCollection {
  fields: FieldSchema[];
  default_sorting_field: string;
}

export interface IndexTarget {
  /** For log lines: 'embedded' or the cluster's nodes. */
  readonly description: string;
  /** The products collection's schema, or null when there is no products collection. */
  describe(): Promise<LiveCollection | null>;
  /** Drops the products collection if there is one and creates it empty with this schema. */
  recreate(schema: CollectionSchema): Promise<void>;
  upsert(documents: readonly SearchDocument[]): Promise<void>;
  /** Deletes these documents; one that is not there is not an error. */
  remove(ids: readonly string[]): Promise<void>;
  /** A stored document, or null. */
  retrieve(id: string): Promise<Record<string, unknown> | null>;
  /** One page (1-based) of the ids in the collection, in a stable order. */
  listIds(page: number, perPage: number): Promise<string[]>;
  putOverride(id: string, override: SuggestedProductsOverride): Promise<void>;
  /** Installs the merchant's synonyms and overrides; answers those the target refused, and why. */
  installRules(rules: SearchRules): Promise<RefusedRule[]>;
  /** Adds the words of a stemming dictionary (a word it has keeps its root); fields that name it stem by it. */
  installStemmingDictionary(id: string, words: readonly StemmingDictionaryWord[]): Promise<void>;
}

export interface RefusedRule {
  kind: 'synonym' | 'override';
  id: string;
  reason: string;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A synonym checked by the engine's rules, in the client's shape. */
function synonymSchema(synonym: Synonym): SynonymCreateSchema {
  return {
    synonyms: synonym.rawSynonyms,
    ...(synonym.rawRoot === '' ? {} : { root: synonym.rawRoot }),
    ...(synonym.locale === '' ? {} : { locale: synonym.locale }),
    ...(synonym.symbolsToIndex.length === 0 ? {} : { symbols_to_index: synonym.symbolsToIndex }),
  };
}

/** An override checked by the engine's rules, in the client's shape. */
function overrideSchema(override: Override): OverrideCreateSchema {
  const { query, match, filterBy, tags } = override.rule;
  return {
    rule: {
      ...(query === '' ? {} : { query }),
      ...(match === 'exact' || match === 'contains' ? { match } : {}),
      ...(filterBy === '' ? {} : { filter_by: filterBy }),
      ...(tags.length === 0 ? {} : { tags }),
    },
    includes: override.includes,
    excludes: override.excludes,
    ...(override.filterBy === '' ? {} : { filter_by: override.filterBy }),
    ...(override.sortBy === '' ? {} : { sort_by: override.sortBy }),
    ...(override.replaceQuery === '' ? {} : { replace_query: override.replaceQuery }),
    remove_matched_tokens: override.removeMatchedTokens,
    filter_curated_hits: override.filterCuratedHits,
    stop_processing: override.stopProcessing,
    ...(override.metadata ? { metadata: override.metadata } : {}),
  };
}

/** Reads the flags the indexer compares from a collection summary, as both Typesense and the engine answer it. */
function liveCollection(summary: { fields?: unknown; default_sorting_field?: unknown }): LiveCollection {
  const fields = Array.isArray(summary.fields) ? summary.fields : [];
  return {
    default_sorting_field: typeof summary.default_sorting_field === 'string' ? summary.default_sorting_field : '',
    fields: fields.map((raw: Record<string, unknown>) => ({
      name: String(raw.name),
      type: String(raw.type) as FieldSchema['type'],
      facet: raw.facet === true,
      optional: raw.optional === true,
      index: raw.index !== false,
      sort: raw.sort === true,
      stem: raw.stem === true,
      stem_dictionary: typeof raw.stem_dictionary === 'string' ? raw.stem_dictionary : '',
    })),
  };
}

const LIST_PARAMETERS = { q: '*', include_fields: 'id', sort_by: 'default_position:asc' } as const;

function idsOfHits(result: { hits?: unknown }): string[] {
  const hits = Array.isArray(result.hits) ? result.hits : [];
  return hits.flatMap((hit: { document?: { id?: unknown } }) =>
    typeof hit.document?.id === 'string' ? [hit.document.id] : [],
  );
}

export class EmbeddedIndexTarget implements IndexTarget {
  readonly description = 'embedded';

  /** The engine in worker threads, or in this one; every call is answered later either way. */
  constructor(private readonly engine: SearchEngineCalls) {}

  async describe(): Promise<LiveCollection | null> {
    const engine = this.engine;
    return (await engine.call('hasCollection', PRODUCTS_COLLECTION))
      ? liveCollection(await engine.call('getCollection', PRODUCTS_COLLECTION))
      : null;
  }

  async recreate(schema: CollectionSchema): Promise<void> {
    if (await this.engine.call('hasCollection', PRODUCTS_COLLECTION))
      await this.engine.call('deleteCollection', PRODUCTS_COLLECTION);
    await this.engine.call('createCollection', schema);
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    // One call for the batch: each call is a message to every worker.
    const lines = documents.map((document) => JSON.stringify(document));
    const results = await this.engine.call('importDocuments', PRODUCTS_COLLECTION, lines, 'upsert');
    const failed = results.find((result) => !result.success);
    if (failed && !failed.success) throw new SearchError(failed.code, failed.error);
  }

  async remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.engine.call('deleteDocument', PRODUCTS_COLLECTION, id);
      } catch (error) {
        if (!(error instanceof SearchError && error.status === 404)) throw error;
      }
    }
  }

  async retrieve(id: string): Promise<Record<string, unknown> | null> {
    try {
      return await this.engine.call('getDocument', PRODUCTS_COLLECTION, id);
    } catch (error) {
      if (error instanceof SearchError && error.status === 404) return null;
      throw error;
    }
  }

  async listIds(page: number, perPage: number): Promise<string[]> {
    return idsOfHits(
      await this.engine.call('search', PRODUCTS_COLLECTION, {
        ...LIST_PARAMETERS,
        page: String(page),
        per_page: String(perPage),
      }),
    );
  }

  async putOverride(id: string, override: SuggestedProductsOverride): Promise<void> {
    await this.engine.call('upsertOverride', PRODUCTS_COLLECTION, id, override);
  }

  /**
   * The database is where the rules live: rules it no longer has (deleted through another server) go, except
   * the suggested_products rule, which the indexer writes itself.
   */
  async installRules(rules: SearchRules): Promise<RefusedRule[]> {
    const engine = this.engine;
    const wantedSynonyms = new Set(rules.synonyms.map((rule) => rule.id));
    const wantedOverrides = new Set([...rules.overrides.map((rule) => rule.id), SUGGESTED_PRODUCTS_OVERRIDE_ID]);
    for (const { id } of await engine.call('listSynonyms', PRODUCTS_COLLECTION)) {
      if (typeof id === 'string' && !wantedSynonyms.has(id))
        await engine.call('deleteSynonym', PRODUCTS_COLLECTION, id);
    }
    for (const { id } of await engine.call('listOverrides', PRODUCTS_COLLECTION)) {
      if (typeof id === 'string' && !wantedOverrides.has(id))
        await engine.call('deleteOverride', PRODUCTS_COLLECTION, id);
    }
    const refused: RefusedRule[] = [];
    const install = async (kind: RefusedRule['kind'], id: string, write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (error) {
        if (!(error instanceof SearchError)) throw error;
        refused.push({ kind, id, reason: error.message });
      }
    };
    for (const rule of rules.synonyms) {
      await install('synonym', rule.id, () =>
        engine.call('upsertSynonym', PRODUCTS_COLLECTION, rule.id, rule.definition),
      );
    }
    for (const rule of rules.overrides) {
      await install('override', rule.id, () =>
        engine.call('upsertOverride', PRODUCTS_COLLECTION, rule.id, rule.definition),
      );
    }
    return refused;
  }

  async installStemmingDictionary(id: string, words: readonly StemmingDictionaryWord[]): Promise<void> {
    await this.engine.call(
      'importStemmingDictionary',
      id,
      words.map((word) => JSON.stringify(word)),
    );
  }
}

/**
 * The official client (some 5 MB once loaded, with axios) loads only for a Typesense cluster (SEARCH_NODES)
 * (docs/performance/024-server-memory.md).
 */
const typesensePackage = lazily(() => createRequire(import.meta.url)('typesense') as typeof typesense);

export class ClusterIndexTarget implements IndexTarget {
  readonly description: string;
  private readonly client: typesense.Client;

  constructor(nodes: ServerConfig['searchNodes'], adminKey: string) {
    this.description = nodes.map((node) => `${node.protocol}://${node.host}:${node.port}${node.path}`).join(',');
    const { Client } = typesensePackage();
    this.client = new Client({
      nodes,
      apiKey: adminKey,
      // Imports of a whole batch take longer than a search; retries cover a node that is restarting.
      connectionTimeoutSeconds: 30,
      numRetries: Math.max(3, nodes.length),
      retryIntervalSeconds: 0.5,
      logLevel: 'warn',
    });
  }

  private get collection() {
    return this.client.collections<SearchDocument>(PRODUCTS_COLLECTION);
  }

  async describe(): Promise<LiveCollection | null> {
    try {
      return liveCollection(await this.collection.retrieve());
    } catch (error) {
      if (error instanceof typesensePackage().Errors.ObjectNotFound) return null;
      throw error;
    }
  }

  async recreate(schema: CollectionSchema): Promise<void> {
    try {
      await this.collection.delete();
    } catch (error) {
      if (!(error instanceof typesensePackage().Errors.ObjectNotFound)) throw error;
    }
    await this.client.collections().create(schema);
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    // The client throws an ImportError naming the failures when any document is refused.
    await this.collection.documents().import([...documents], { action: 'upsert' });
  }

  async remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.collection.documents(id).delete({ ignore_not_found: true });
  }

  async retrieve(id: string): Promise<Record<string, unknown> | null> {
    try {
      return await this.collection.documents(id).retrieve();
    } catch (error) {
      if (error instanceof typesensePackage().Errors.ObjectNotFound) return null;
      throw error;
    }
  }

  async listIds(page: number, perPage: number): Promise<string[]> {
    return idsOfHits(await this.collection.documents().search({ ...LIST_PARAMETERS, page, per_page: perPage }, {}));
  }

  async putOverride(id: string, override: SuggestedProductsOverride): Promise<void> {
    await this.collection.overrides().upsert(id, override);
  }

  /** Writes the database's rules; rules made on the cluster itself are left alone. */
  async installRules(rules: SearchRules): Promise<RefusedRule[]> {
    const refused: RefusedRule[] = [];
    for (const rule of rules.synonyms) {
      try {
        await this.collection.synonyms().upsert(rule.id, synonymSchema(parseSynonym(rule.definition, rule.id)));
      } catch (error) {
        refused.push({ kind: 'synonym', id: rule.id, reason: reasonOf(error) });
      }
    }
    for (const rule of rules.overrides) {
      try {
        await this.collection.overrides().upsert(rule.id, overrideSchema(parseOverride(rule.definition, rule.id)));
      } catch (error) {
        refused.push({ kind: 'override', id: rule.id, reason: reasonOf(error) });
      }
    }
    return refused;
  }

  async installStemmingDictionary(id: string, words: readonly StemmingDictionaryWord[]): Promise<void> {
    await this.client.stemming.dictionaries().upsert(id, [...words]);
  }
}
