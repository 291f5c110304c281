import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import * as initial from './migrations/001-initial.ts';
import * as formSubmissions from './migrations/002-form-submissions.ts';
import * as productChanges from './migrations/003-product-changes.ts';
import * as bagPricing from './migrations/004-bag-pricing.ts';
import * as taxRates from './migrations/005-tax-rates.ts';
import * as payments from './migrations/006-payments.ts';
import * as orders from './migrations/007-orders.ts';
import * as sortingAndProductNotes from './migrations/008-sorting-and-product-notes.ts';
import * as accounts from './migrations/009-accounts.ts';
import * as giftCardPurchases from './migrations/010-gift-card-purchases.ts';
import * as searchRules from './migrations/011-search-rules.ts';
import * as contentChanges from './migrations/012-content-changes.ts';
import * as giftCardRefunds from './migrations/013-gift-card-refunds.ts';
import * as pricingChanges from './migrations/014-pricing-changes.ts';
import * as stripeCustomers from './migrations/015-stripe-customers.ts';
import * as jobLeases from './migrations/016-job-leases.ts';
import * as attemptSavedCards from './migrations/017-attempt-saved-cards.ts';
import * as savedCardRemovals from './migrations/018-saved-card-removals.ts';
import * as postAuthors from './migrations/019-post-authors.ts';
import * as pageMarkdown from './migrations/020-page-markdown.ts';
import { ConnectionWatch } from './connection-watch.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL's lost connections, logged once an outage (its logTo takes the app's logger); null on SQLite. */
  connectionWatch: ConnectionWatch | null;
}

/**
 * How long a checkout waits for a PostgreSQL connection, new or free: a database host that drops packets (during a
 * failover) is answered 503 after this long, not after the two minutes Linux takes to give up on a TCP connect.
 */
const CONNECT_TIMEOUT_MS = 10_000;

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-form-submissions': formSubmissions,
  '003-product-changes': productChanges,
  '004-bag-pricing': bagPricing,
  '005-tax-rates': taxRates,
  '006-payments': payments,
  '007-orders': orders,
  '008-sorting-and-product-notes': sortingAndProductNotes,
  '009-accounts': accounts,
  '010-gift-card-purchases': giftCardPurchases,
  '011-search-rules': searchRules,
  '012-content-changes': contentChanges,
  '013-gift-card-refunds': giftCardRefunds,
  '014-pricing-changes': pricingChanges,
  '015-stripe-customers': stripeCustomers,
  '016-job-leases': jobLeases,
  '017-attempt-saved-cards': attemptSavedCards,
  '018-saved-card-removals': savedCardRemovals,
  '019-post-authors': postAuthors,
  '020-page-markdown': pageMarkdown,
};

/** Opens PostgreSQL when a URL is given, otherwise the embedded SQLite file (or :memory:) under dataDir. */
export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  sqliteFile?: string;
}): OpenedDatabase {
  if (options.databaseUrl) {
    // Loaded only here, so a shop on SQLite never holds the PostgreSQL client (docs/performance/024-server-memory.md).
    const { types, Pool } = createRequire(import.meta.url)('pg') as typeof pg;
    // COUNT and SUM come back as bigint text; the shop's counts fit a JS number.
    types.setTypeParser(types.builtins.INT8, (value) => Number(value));
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    const connectionWatch = new ConnectionWatch();
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: connectionWatch.watch(pool) }) }),
      dialect: 'postgres',
      connectionWatch,
    };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'shop.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed order survives a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) }),
    dialect: 'sqlite',
    connectionWatch: null,
  };
}

/** Statements kept prepared at most; lists of ids make some queries' text vary with their length. */
const KEPT_STATEMENTS = 500;

/**
 * The database with its prepared statements kept by their SQL: Kysely prepares every query it runs, and
 * preparing was an eighth of the time a priced bag took. Queries run one at a time on the one connection,
 * so a statement is never used twice at once.
 */
function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept) return kept;
      const statement = sqlite.prepare(sql);
      if (statements.size >= KEPT_STATEMENTS) statements.clear();
      statements.set(sql, statement);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
