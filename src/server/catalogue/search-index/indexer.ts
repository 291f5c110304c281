/**
 * Keeps the products collection in step with the database: a full build at start, then every recorded product
 * change applied on its own within a poll interval, whichever process wrote it. A cluster that several servers
 * share is written by one of them, the holder of its lease. See README.md beside this file.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import type { JobLease } from '../../jobs/job-lease.ts';
import type { CollectionSchema } from '../../search/index/schema.ts';
import { buildProductDocuments, relatedProductIds } from '../product-documents.ts';
import { lastProductChangeSeq, pruneProductChanges, readProductChanges } from '../product-changes.ts';
import { PRODUCTS_COLLECTION } from '../../../shared/site-search.ts';
import type { IndexTarget, LiveCollection } from './index-targets.ts';
import { CLOTHING_PLURALS, CLOTHING_PLURALS_DICTIONARY } from './clothing-plurals.ts';
import {
  productsCollectionSchema,
  readFacetGroups,
  toSearchDocuments,
  type FacetGroup,
  type SearchDocument,
} from './products-collection.ts';
import { readSearchRules } from './search-rules.ts';
import {
  SUGGESTED_BADGE_TEXT,
  SUGGESTED_PRODUCTS_OVERRIDE_ID,
  readSuggestions,
  suggestedProductsOverride,
  type Suggestions,
} from './suggested-products.ts';

export interface IndexerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ProductIndexerOptions {
  db: Db;
  target: IndexTarget;
  log: IndexerLog;
  /** How often the change feed is read; a change is searchable within about this long. */
  pollIntervalMs?: number;
  /** Called once changes read from the feed are searchable (the cache of rendered pages empties then). */
  onChangesApplied?: () => void;
  /**
   * The lease of an index that several servers share (a cluster): only its holder builds and applies the feed,
   * recording the last change applied as the lease's progress; the others call onChangesApplied when it moves.
   * Without, this server keeps its own index (the embedded engine).
   */
  lease?: JobLease;
}

export interface BuildStats {
  documents: number;
  ms: number;
  /** True when the collection was created (first build, or its schema changed). */
  created: boolean;
}

export const POLL_INTERVAL_MS = 50;
/** A shared index's lease: a dead server's indexing is taken over within this and a renewal (a third of it). */
export const SHARED_INDEX_LEASE_MS = 10_000;
/** Changes read in one round; a longer backlog is read in the rounds that follow at once. */
const CHANGES_PER_ROUND = 1000;
/** Documents written in one call: one import request to a cluster, a short run of the event loop here. */
const DOCUMENTS_PER_WRITE = 250;
/**
 * Products whose documents are built at a time in a full build: building 100,000 at once held about 1.4 GB of
 * rows and documents in this thread (issue P1, item 2).
 */
const PRODUCTS_PER_BUILD = 1000;
const IDS_PER_PAGE = 250;
const MAX_RETRY_DELAY_MS = 30_000;
/** A server whose feed reading fails for longer than this rebuilds when it recovers (it sees the gap). */
const CHANGE_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export class ProductIndexer {
  private readonly db: Db;
  private readonly target: IndexTarget;
  private readonly log: IndexerLog;
  private readonly pollIntervalMs: number;
  private readonly onChangesApplied: () => void;
  private readonly lease: JobLease | null;
  /** The last change this index reflects. */
  private cursor = 0;
  /** True while this server writes a shared index: it has built it since it took the lease. */
  private writing = false;
  private groups: FacetGroup[] = [];
  private suggestions: Suggestions = { candidates: new Set(), pinned: [] };
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private started = false;
  private stopped = false;
  private failures = 0;
  private lastPrune = Date.now();

  constructor(options: ProductIndexerOptions) {
    this.db = options.db;
    this.target = options.target;
    this.log = options.log;
    this.pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
    this.onChangesApplied = options.onChangesApplied ?? (() => undefined);
    this.lease = options.lease ?? null;
  }

  /**
   * Builds the whole index, then follows the change feed until stop(). With a shared index held by another
   * server, builds nothing (null) and follows that server's progress.
   */
  async start(): Promise<BuildStats | null> {
    if (this.started) throw new Error('The product indexer is already started');
    this.started = true;
    let stats: BuildStats | null = null;
    if (!this.lease) stats = await this.rebuild();
    else if (await this.lease.start(this.log)) stats = await this.takeOver(this.lease);
    else this.cursor = (await this.lease.readProgress()) ?? 0;
    this.schedule(this.pollIntervalMs);
    return stats;
  }

  /** Stops following the feed; resolves once a round in progress has finished, and gives up a shared index's lease. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
    await this.lease?.stop(this.log);
  }

  /**
   * Writes every product's document, removes documents of products that are gone, and installs the
   * merchant's synonyms and overrides, then the suggested_products rule. The collection is recreated only when
   * it is missing or its schema changed; otherwise it keeps answering with old or new documents throughout.
   */
  private async rebuild(): Promise<BuildStats> {
    const started = performance.now();
    // Read before the documents: changes committed from here on are applied again by the feed.
    const cursor = await lastProductChangeSeq(this.db);
    const groups = await readFacetGroups(this.db);
    const schema = productsCollectionSchema(groups);
    const ids = (await this.db.selectFrom('products').select('id').orderBy('id').execute()).map((row) => row.id);
    // Before any document: the fields stem their words by the dictionary as they are indexed.
    await this.target.installStemmingDictionary(CLOTHING_PLURALS_DICTIONARY, CLOTHING_PLURALS);
    const live = await this.target.describe();
    const created = !live || !sameSchema(live, schema);
    if (live && created) {
      this.log.warn(
        { target: this.target.description },
        'search index: the schema changed, recreating the products collection',
      );
    }
    if (created) await this.target.recreate(schema);
    this.groups = groups;
    let written = 0;
    for (let start = 0; start < ids.length; start += PRODUCTS_PER_BUILD) {
      const documents = toSearchDocuments(
        await buildProductDocuments(this.db, ids.slice(start, start + PRODUCTS_PER_BUILD)),
        groups,
      );
      await this.write(documents);
      written += documents.length;
    }
    if (!created) await this.removeStale(new Set(ids));
    await this.installRules();
    await this.installSuggestions(await readSuggestions(this.db));
    this.cursor = cursor;
    return { documents: written, ms: Math.round(performance.now() - started), created };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.runRound().finally(() => {
        this.round = null;
      });
    }, delayMs);
  }

  private async runRound(): Promise<void> {
    let delay = this.pollIntervalMs;
    try {
      if (await this.nextRound()) delay = 0;
      this.failures = 0;
      await this.pruneFeed();
    } catch (error) {
      this.failures += 1;
      delay = Math.min(MAX_RETRY_DELAY_MS, this.pollIntervalMs * 2 ** this.failures);
      this.log.error({ err: error, retryInMs: delay }, 'search index: applying product changes failed');
    }
    this.schedule(delay);
  }

  /** A round of the feed, or of a shared index's holder's progress; true when there may be more waiting. */
  private async nextRound(): Promise<boolean> {
    const { lease } = this;
    if (!lease) return this.applyChanges();
    if (!lease.isHeld()) {
      this.writing = false;
      const progress = await lease.readProgress();
      if (progress !== null && progress !== this.cursor) {
        this.cursor = progress;
        this.onChangesApplied();
      }
      return false;
    }
    if (this.writing) return this.applyChanges();
    const stats = await this.takeOver(lease);
    this.log.info({ ...stats, target: this.target.description }, 'search index: took over the shared index, rebuilt');
    this.onChangesApplied();
    return false;
  }

  /**
   * Builds a shared index when this server takes its lease, as at start: the server that held it may have died
   * mid-write, and one whose code is newer may bring a new schema.
   */
  private async takeOver(lease: JobLease): Promise<BuildStats> {
    const stats = await this.rebuild();
    await lease.recordProgress(this.cursor);
    this.writing = true;
    return stats;
  }

  /** Applies the next changes of the feed; true when there may be more waiting. */
  private async applyChanges(): Promise<boolean> {
    const changes = await readProductChanges(this.db, this.cursor, CHANGES_PER_ROUND);
    const last = changes.at(-1);
    if (!last) return false;
    // Numbers are dense (see product-changes.ts), so a jump means the changes after the cursor were pruned.
    const missedSome = changes[0]?.seq !== this.cursor + 1;
    if (missedSome || changes.some((change) => change.product_id === null)) {
      const stats = await this.rebuild();
      this.log.info({ ...stats, target: this.target.description, missedSome }, 'search index rebuilt');
      await this.lease?.recordProgress(this.cursor);
      this.onChangesApplied();
      return false;
    }
    await this.reindex([
      ...new Set(changes.flatMap((change) => (change.product_id === null ? [] : [change.product_id]))),
    ]);
    this.cursor = last.seq;
    await this.lease?.recordProgress(this.cursor);
    this.onChangesApplied();
    return changes.length === CHANGES_PER_ROUND;
  }

  /** Re-indexes these products with their lengths and colourways, deleting the documents of those that are gone. */
  private async reindex(changedIds: readonly string[]): Promise<void> {
    const ids = await relatedProductIds(this.db, changedIds);
    const documents = await buildProductDocuments(this.db, ids);
    const found = new Set(documents.map((document) => document.id));
    const gone = ids.filter((id) => !found.has(id));
    // The database no longer knows a deleted product's lengths and colourways; its stored document does.
    const siblings = (await this.storedSiblings(gone)).filter((id) => !found.has(id) && !gone.includes(id));
    if (siblings.length > 0) documents.push(...(await buildProductDocuments(this.db, siblings)));
    await this.write(toSearchDocuments(documents, this.groups));
    await this.target.remove(gone);
    const { candidates } = this.suggestions;
    const touchesSuggestions =
      [...ids, ...siblings].some((id) => candidates.has(id)) ||
      documents.some((document) => document.badge_text === SUGGESTED_BADGE_TEXT);
    if (touchesSuggestions) {
      const suggestions = await readSuggestions(this.db);
      if (suggestions.pinned.join('\n') !== this.suggestions.pinned.join('\n'))
        await this.installSuggestions(suggestions);
      else this.suggestions = suggestions;
    }
  }

  private async storedSiblings(ids: readonly string[]): Promise<string[]> {
    const siblings = new Set<string>();
    for (const id of ids) {
      const stored = await this.target.retrieve(id);
      for (const key of ['variants', 'swatch_products']) {
        const list = stored?.[key];
        if (!Array.isArray(list)) continue;
        for (const item of list) {
          const siblingId: unknown =
            typeof item === 'object' && item !== null ? (item as { _id?: unknown })._id : undefined;
          if (typeof siblingId === 'string') siblings.add(siblingId);
        }
      }
    }
    return [...siblings];
  }

  private async write(documents: readonly SearchDocument[]): Promise<void> {
    for (let start = 0; start < documents.length; start += DOCUMENTS_PER_WRITE) {
      await this.target.upsert(documents.slice(start, start + DOCUMENTS_PER_WRITE));
      // Lets requests run between batches when the engine indexes in this process.
      await nextTurn();
    }
  }

  /** Deletes documents of products that are not in the catalogue, checking again for products added meanwhile. */
  private async removeStale(current: ReadonlySet<string>): Promise<void> {
    const stale: string[] = [];
    for (let page = 1; ; page++) {
      const ids = await this.target.listIds(page, IDS_PER_PAGE);
      stale.push(...ids.filter((id) => !current.has(id)));
      if (ids.length < IDS_PER_PAGE) break;
    }
    if (stale.length === 0) return;
    const added = new Set<string>();
    for (let start = 0; start < stale.length; start += 500) {
      const rows = await this.db
        .selectFrom('products')
        .select('id')
        .where('id', 'in', stale.slice(start, start + 500))
        .execute();
      rows.forEach((row) => added.add(row.id));
    }
    await this.target.remove(stale.filter((id) => !added.has(id)));
  }

  /** The merchant's synonyms and overrides from the database; one the target refuses is logged and left out. */
  private async installRules(): Promise<void> {
    const refused = await this.target.installRules(await readSearchRules(this.db, PRODUCTS_COLLECTION));
    for (const rule of refused) {
      this.log.warn(
        { ...rule, target: this.target.description },
        `search index: the ${rule.kind} "${rule.id}" was refused`,
      );
    }
  }

  private async installSuggestions(suggestions: Suggestions): Promise<void> {
    await this.target.putOverride(SUGGESTED_PRODUCTS_OVERRIDE_ID, suggestedProductsOverride(suggestions.pinned));
    this.suggestions = suggestions;
  }

  private async pruneFeed(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await pruneProductChanges(this.db, new Date(Date.now() - CHANGE_RETENTION_MS));
  }
}

function sameSchema(live: LiveCollection, schema: CollectionSchema): boolean {
  if (live.default_sorting_field !== schema.default_sorting_field || live.fields.length !== schema.fields.length)
    return false;
  const wanted = new Map(schema.fields.map((field) => [field.name, field]));
  return live.fields.every((field) => {
    const other = wanted.get(field.name);
    return (
      other !== undefined &&
      other.type === field.type &&
      other.facet === field.facet &&
      other.optional === field.optional &&
      other.index === field.index &&
      other.sort === field.sort &&
      other.stem === field.stem &&
      other.stem_dictionary === field.stem_dictionary
    );
  });
}
