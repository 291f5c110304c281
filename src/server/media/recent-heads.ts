/**
 * A remote store's answers to head, kept a few seconds. Every picture request asks for its original's tag (the
 * rendition's key and ETag hold it) even when the rendition is on disk already; a page of 30 pictures would ask
 * the bucket or the database 30 times. Another server's change to an object reaches this one within the time an
 * answer is kept; an object this process writes or deletes is asked again at once. Missing objects are not kept,
 * so a picture uploaded on another server is found on its first request.
 */
import type { ByteRange, MediaEntry, MediaObject, MediaObjectInfo, MediaStore } from './media-store.ts';

/** How long an answer is kept. */
export const HEAD_KEPT_MS = 10_000;
/** The answers kept at most; the oldest go first. */
const MOST_KEPT = 20_000;

interface KeptHead {
  info: Promise<MediaObjectInfo | null>;
  until: number;
}

export class RecentHeads implements MediaStore {
  readonly description: string;
  private readonly kept = new Map<string, KeptHead>();

  constructor(
    private readonly store: MediaStore,
    private readonly keptMs = HEAD_KEPT_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.description = store.description;
  }

  /** Concurrent requests for one key share one answer. */
  head(key: string): Promise<MediaObjectInfo | null> {
    const kept = this.kept.get(key);
    if (kept && kept.until > this.now()) return kept.info;
    this.kept.delete(key);
    const info = this.store.head(key);
    const entry = { info, until: this.now() + this.keptMs };
    this.kept.set(key, entry);
    if (this.kept.size > MOST_KEPT) this.kept.delete(this.kept.keys().next().value ?? key);
    info.then(
      (found) => {
        if (!found && this.kept.get(key) === entry) this.kept.delete(key);
      },
      () => {
        if (this.kept.get(key) === entry) this.kept.delete(key);
      },
    );
    return info;
  }

  get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    return this.store.get(key, range);
  }

  async put(key: string, bytes: Uint8Array, contentType?: string): Promise<MediaEntry> {
    try {
      return await this.store.put(key, bytes, contentType);
    } finally {
      this.kept.delete(key);
    }
  }

  list(prefix?: string): AsyncIterable<MediaEntry> {
    return this.store.list(prefix);
  }

  async delete(key: string): Promise<void> {
    try {
      await this.store.delete(key);
    } finally {
      this.kept.delete(key);
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
