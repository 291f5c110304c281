/**
 * Several servers on one database, for the tests of claims and leases: each server's own connection (SQLite's
 * file opened again, or a pool of its own on PostgreSQL), as two processes have.
 */
import { openDatabase, type Db } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../test-support.ts';

export interface SharedTestDatabase {
  database: TestDatabase;
  /** A connection of one more server to the database. */
  connect(): Db;
  close(): Promise<void>;
}

export async function createSharedTestDatabase(): Promise<SharedTestDatabase> {
  const database = await createTestDatabase({ onDisk: true });
  const connections: Db[] = [];
  return {
    database,
    connect() {
      const { db } = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      connections.push(db);
      return db;
    },
    async close() {
      for (const db of connections) await db.destroy();
      await database.close();
    },
  };
}
