/**
 * The media store in a folder of this server's disk (`DATA_DIR/media`): the default for one server, and fully
 * offline. A key names a file only when its real path lies inside the folder, so a symlink may point within the
 * folder but never out of it.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { mkdir, readdir, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

export class FolderMediaStore implements MediaStore {
  readonly description: string;
  private readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
    this.description = `the folder ${this.root}`;
  }

  async head(key: string): Promise<MediaObjectInfo | null> {
    const found = await this.find(key);
    return found && { ...entryOf(key, found.stats), contentType: mediaContentType(key) };
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    const found = await this.find(key);
    if (!found) return null;
    return {
      ...entryOf(key, found.stats),
      contentType: mediaContentType(key),
      body: createReadStream(found.file, range),
    };
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  async put(key: string, bytes: Uint8Array): Promise<MediaEntry> {
    assertMediaKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return entryOf(key, await stat(file));
  }

  async *list(prefix = ''): AsyncIterable<MediaEntry> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!key.startsWith(prefix) || !isMediaKey(key)) continue;
      const stats = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      if (stats) yield entryOf(key, stats);
    }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await unlink(path.join(this.root, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async close(): Promise<void> {}

  /** The regular file a key names, if its real path lies inside the folder. */
  private async find(key: string): Promise<{ file: string; stats: Stats } | null> {
    if (!isMediaKey(key)) return null;
    try {
      const root = await realpath(this.root);
      const file = await realpath(path.join(root, key));
      if (!file.startsWith(root + path.sep)) return null;
      const stats = await stat(file);
      return stats.isFile() ? { file, stats } : null;
    } catch {
      return null;
    }
  }
}

/** The tag of a file is its size and modification time, as @fastify/static's was: reading it whole costs too much. */
function entryOf(key: string, stats: Stats): MediaEntry {
  return {
    key,
    size: stats.size,
    etag: `"${stats.size.toString(16)}-${Math.round(stats.mtimeMs * 1000).toString(16)}"`,
    lastModified: stats.mtime,
  };
}
