/**
 * The merchant's synonyms and overrides, kept in the database (search_synonyms, search_overrides): the search
 * API saves them here before it applies them, and the indexer installs them at every build. A save records a
 * catalogue change, so every shop server rebuilds and installs the new rules too.
 */
import type { Db } from '../../db/database.ts';
import type { SearchRuleKind, SearchRulesStore } from '../../search/http/curation-routes.ts';
import { isJsonObject, type JsonObject } from '../../search/index/schema.ts';
import { recordCatalogueChange } from '../product-changes.ts';

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

export class DatabaseSearchRules implements SearchRulesStore {
  constructor(private readonly db: Db) {}

  async save(kind: SearchRuleKind, collection: string, id: string, definition: JsonObject): Promise<void> {
    const row = { collection, id, definition: JSON.stringify(definition), updated_at: new Date().toISOString() };
    await this.db.transaction().execute(async (trx) => {
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
      await trx.deleteFrom(TABLES[kind]).where('collection', '=', collection).where('id', '=', id).execute();
      await recordCatalogueChange(trx);
    });
  }
}
