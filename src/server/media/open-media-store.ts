/**
 * The media store the configuration names (MEDIA_STORE), opened by the server, by the demo loader's thread and by
 * the process that renders pictures ahead, each with its own connections.
 */
import type { Db, Dialect } from '../db/database.ts';
import { DatabaseMediaStore } from './database-media-store.ts';
import { FolderMediaStore } from './folder-media-store.ts';
import type { MediaStore } from './media-store.ts';
import { RecentHeads } from './recent-heads.ts';
import type { S3MediaSettings } from './s3-media-store.ts';

export type MediaStoreSettings =
  { kind: 'folder'; dir: string } | ({ kind: 's3' } & S3MediaSettings) | { kind: 'database' };

/** The database a store of kind database keeps its files in: the caller's, or one the store opens and closes. */
export type MediaDatabase = { db: Db; dialect: Dialect } | { databaseUrl: string | null; dataDir: string };

/**
 * A remote store's heads are kept a few seconds (recent-heads.ts); a folder's cost one stat. The AWS SDK and a
 * database of the store's own are loaded only when asked for, so a shop with its media in a folder never holds them
 * (docs/performance/024-server-memory.md).
 */
export async function openMediaStore(settings: MediaStoreSettings, database: MediaDatabase): Promise<MediaStore> {
  switch (settings.kind) {
    case 'folder':
      return new FolderMediaStore(settings.dir);
    case 's3': {
      const { S3MediaStore } = await import('./s3-media-store.ts');
      return new RecentHeads(new S3MediaStore(settings));
    }
    case 'database': {
      if ('db' in database) return new RecentHeads(await DatabaseMediaStore.open(database.db, database.dialect));
      const { openDatabase } = await import('../db/database.ts');
      const opened = openDatabase(database);
      try {
        return new RecentHeads(await DatabaseMediaStore.open(opened.db, opened.dialect, { ownsDatabase: true }));
      } catch (error) {
        await opened.db.destroy();
        throw error;
      }
    }
  }
}
