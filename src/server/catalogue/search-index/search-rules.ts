/**
 * The merchant's synonyms and overrides, kept in the database (search_synonyms, search_overrides): the search
 * API saves them here before it applies them, and the indexer installs them at every build. A save that changes
 * a rule records a catalogue change, so every shop server rebuilds and installs the new rules too.
 */
import type { Db } from '../../db/database.ts';
import type { SearchRuleKind, SearchRulesStore } from '../../search/http/curation-routes.ts';
import { parseOverride } from '../../search/index/overrides.ts';
import { isJsonObject, type JsonObject } from '../../search/index/schema.ts';
import { parseSynonym } from '../../search/index/synonyms.ts';
import { recordCatalogueChange } from '../product-changes.ts';
import { SUGGESTED_PRODUCTS_OVERRIDE_ID } from './suggested-products.ts';

export interface StoredRule {
  id: string;
  definition: JsonObject;
}

export interface SearchRules {
  synonyms: StoredRule[];
  overrides: StoredRule[];
}

const TABLES = { synonym: 'search_synonyms', override: 'search_overrides' } as const;

/** A collection's rules, oldest write first (the order Typesense lists synonyms in). */
export async function readSearchRules(db: Db, collection: string): Promise<SearchRules> {
  const read = async (kind: SearchRuleKind): Promise<StoredRule[]> => {
    const rows = await db
      .selectFrom(TABLES[kind])
      .select(['id', 'definition'])
      .where('collection', '=', collection)
      .orderBy('updated_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, definition: parseDefinition(row.definition) }));
  };
  return { synonyms: await read('synonym'), overrides: await read('override') };
}

/** A row written by hand may not be JSON; the target then refuses it by its own rules and the indexer logs why. */
function parseDefinition(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * What a rule does, as the engine reads it, or null when it reads as no rule: two definitions that read alike
 * are the same rule however they are spelled (a shop's indexer writes the rules it read in its cluster's shape).
 */
function ruleMeaning(kind: SearchRuleKind, id: string, definition: JsonObject): string | null {
  try {
    const { source: _source, ...read } =
      kind === 'synonym' ? parseSynonym(definition, id) : parseOverride(definition, id);
    return JSON.stringify(read);
  } catch {
    return null;
  }
}

/**
 * Keeps the rules written through the embedded search API. A write that changes no rule records no change: when
 * a shop server's SEARCH_NODES name this service, its indexer writes back at every build the rules it read from
 * the database, and a change recorded for each would start the next build, endlessly (issue H1, item 6).
 */
export class DatabaseSearchRules implements SearchRulesStore {
  constructor(private readonly db: Db) {}

  async save(kind: SearchRuleKind, collection: string, id: string, definition: JsonObject): Promise<void> {
    // The indexer writes the suggested_products rule from the catalogue itself at every build: it is no merchant's.
    if (kind === 'override' && id === SUGGESTED_PRODUCTS_OVERRIDE_ID) return;
    const row = { collection, id, definition: JSON.stringify(definition), updated_at: new Date().toISOString() };
    await this.db.transaction().execute(async (trx) => {
      const kept = await trx
        .selectFrom(TABLES[kind])
        .select('definition')
        .where('collection', '=', collection)
        .where('id', '=', id)
        .executeTakeFirst();
      const meaning = ruleMeaning(kind, id, definition);
      if (kept && meaning !== null && ruleMeaning(kind, id, parseDefinition(kept.definition)) === meaning) return;
      await trx
        .insertInto(TABLES[kind])
        .values(row)
        .onConflict((conflict) =>
          conflict
            .columns(['collection', 'id'])
            .doUpdateSet({ definition: row.definition, updated_at: row.updated_at }),
        )
        .execute();
      await recordCatalogueChange(trx);
    });
  }

  async remove(kind: SearchRuleKind, collection: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom(TABLES[kind])
        .where('collection', '=', collection)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) await recordCatalogueChange(trx);
    });
  }
}
