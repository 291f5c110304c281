/**
 * What a server does to its database before it serves: migrate, and load the demo store into an empty one. Both
 * run under a lock of the database, so servers started together on an empty database take turns: the first
 * migrates and loads, the others wait and then find the store there (docs/decisions/037-surviving-the-database.md).
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { isDatabaseEmpty } from '../demo/demo-store-thread.ts';
import { migrateToLatest, type OpenedDatabase } from './db/database.ts';

/** The key of PostgreSQL's advisory lock held through a start: a number nothing else of the shop locks. */
const START_LOCK_KEY = 4_302_117_001;

/** SQLite's lock: a database file of its own, locked for writing while a start holds it. */
export const SQLITE_START_LOCK_FILE = 'start.lock';
/** How often a start waiting for SQLite's lock tries again; it waits without holding up the event loop. */
const SQLITE_LOCK_RETRY_MS = 100;

/** Migrates, then calls loadDemoStore when the database is empty; answers whether it did. */
export async function prepareDatabase(
  database: OpenedDatabase,
  options: { dataDir: string; loadDemoStore: () => Promise<void> },
): Promise<{ loadedDemoStore: boolean }> {
  return withStartLock(database, options.dataDir, async () => {
    await migrateToLatest(database.db);
    if (!(await isDatabaseEmpty(database.db))) return { loadedDemoStore: false };
    await options.loadDemoStore();
    return { loadedDemoStore: true };
  });
}

async function withStartLock<T>(database: OpenedDatabase, dataDir: string, work: () => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') return withSqliteLock(path.join(dataDir, SQLITE_START_LOCK_FILE), work);
  // A session lock on one connection, held while the work runs on others; it goes with the connection if this
  // process dies.
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(START_LOCK_KEY)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(START_LOCK_KEY)})`.execute(connection);
    }
  });
}

/**
 * A write transaction on a file of its own, not the shop's database: the demo store is loaded through another
 * connection (in a worker thread), which a lock on the shop's file would shut out. The operating system drops the
 * lock if this process dies.
 */
async function withSqliteLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = new SQLite(file, { timeout: 0 });
  try {
    for (;;) {
      try {
        lock.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if (!(error instanceof SQLite.SqliteError) || error.code !== 'SQLITE_BUSY') throw error;
        await sleep(SQLITE_LOCK_RETRY_MS);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
