/**
 * The media store in the shop's database (MEDIA_STORE=database): one row a file, its bytes a bytea on PostgreSQL
 * and a blob on SQLite. For a small shop with several servers and no object store: every server reaches the
 * database already. A range is read with substr, so a video's byte ranges do not load the whole video.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import {
  assertMediaKey,
  isMediaKey,
  mediaContentType,
  type ByteRange,
  type MediaEntry,
  type MediaObject,
  type MediaObjectInfo,
  type MediaStore,
} from './media-store.ts';

type MediaObjectTable = {
  key: string;
  content_type: string;
  size: number;
  etag: string;
  bytes: Buffer;
  /** ISO-8601 UTC, as every time in the database. */
  updated_at: string;
};

/** Type aliases rather than interfaces: Kysely's withTables wants their implied index signature. */
type MediaTables = { media_objects: MediaObjectTable };

/** Any number, the same on every server: the lock two servers starting at once take to create the table once. */
const CREATE_TABLE_LOCK = 7_316_038;

export class DatabaseMediaStore implements MediaStore {
  readonly description = 'the database table media_objects';

  private constructor(
    private readonly db: Kysely<MediaTables>,
    private readonly ownsDatabase: boolean,
  ) {}

  /**
   * The store on the database, creating its table when it is missing. The table is the store's own rather than a
   * migration's: a shop that keeps its media elsewhere never has it (docs/decisions/038-media-store.md).
   */
  static async open(db: Db, dialect: Dialect, { ownsDatabase = false } = {}): Promise<DatabaseMediaStore> {
    const tables = db.withTables<MediaTables>();
    await tables.transaction().execute(async (trx) => {
      // PostgreSQL's CREATE TABLE IF NOT EXISTS fails on a duplicate key when two run at once; SQLite's
      // transaction already takes its one writer's lock.
      if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${CREATE_TABLE_LOCK})`.execute(trx);
      await trx.schema
        .createTable('media_objects')
        .ifNotExists()
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('content_type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('etag', 'text', (column) => column.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
    });
    return new DatabaseMediaStore(tables, ownsDatabase);
  }

  async head(key: string): Promise<MediaObjectInfo | null> {
    if (!isMediaKey(key)) return null;
    const row = await this.db
      .selectFrom('media_objects')
      .select(['key', 'content_type', 'size', 'etag', 'updated_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? infoOf(row) : null;
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    const bytes = range
      ? sql<Buffer>`substr(bytes, ${range.start + 1}, ${range.end - range.start + 1})`.as('bytes')
      : sql<Buffer>`bytes`.as('bytes');
    const row = await this.db
      .selectFrom('media_objects')
      .select(['key', 'content_type', 'size', 'etag', 'updated_at', bytes])
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? { ...infoOf(row), body: Readable.from([row.bytes]) } : null;
  }

  async put(key: string, bytes: Uint8Array, contentType = mediaContentType(key)): Promise<MediaEntry> {
    assertMediaKey(key);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const row = {
      key,
      content_type: contentType,
      size: buffer.byteLength,
      etag: `"${createHash('sha256').update(buffer).digest('hex').slice(0, 32)}"`,
      bytes: buffer,
      updated_at: new Date().toISOString(),
    };
    await this.db
      .insertInto('media_objects')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          content_type: row.content_type,
          size: row.size,
          etag: row.etag,
          bytes: row.bytes,
          updated_at: row.updated_at,
        }),
      )
      .execute();
    return entryOf(row);
  }

  async *list(prefix = ''): AsyncIterable<MediaEntry> {
    // Pages by key, so a listing of many files never holds them all; keys are compared as text, not as a LIKE
    // pattern, so a prefix may hold % or _.
    let after = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('media_objects')
        .select(['key', 'size', 'etag', 'updated_at'])
        .where('key', '>', after)
        .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
        .orderBy('key')
        .limit(LIST_PAGE)
        .execute();
      for (const row of rows) yield entryOf(row);
      const last = rows.at(-1);
      if (!last || rows.length < LIST_PAGE) return;
      after = last.key;
    }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.db.deleteFrom('media_objects').where('key', '=', key).execute();
  }

  /** Ends the database's connections only when the store opened it (openMediaStore in a process of its own). */
  async close(): Promise<void> {
    if (this.ownsDatabase) await this.db.destroy();
  }
}

const LIST_PAGE = 500;

function entryOf(row: Pick<MediaObjectTable, 'key' | 'size' | 'etag' | 'updated_at'>): MediaEntry {
  return { key: row.key, size: row.size, etag: row.etag, lastModified: new Date(row.updated_at) };
}

function infoOf(row: Omit<MediaObjectTable, 'bytes'>): MediaObjectInfo {
  return { ...entryOf(row), contentType: row.content_type };
}
