/**
 * Where the shop's media originals live: the pictures, videos and documents that `/media/...` URLs name
 * (docs/decisions/038-media-store.md). Every server reads the same store, so a picture one server wrote (the demo
 * loader, the back office's uploads) is served by all of them; a server's own disk only keeps the renditions it
 * made (image-renditions.ts).
 */
import type { Readable } from 'node:stream';
import { pathExtension } from '../../shared/media-url.ts';
import { CONTENT_TYPES } from './media-files.ts';

/** An object as a listing names it. */
export interface MediaEntry {
  /** The object's path in the store, such as products/tee.png: a `/media/` URL's path after the prefix, decoded. */
  key: string;
  size: number;
  /** A quoted entity tag that changes whenever the object's bytes do. */
  etag: string;
  lastModified: Date;
}

export interface MediaObjectInfo extends MediaEntry {
  /** The type the object was stored with; the media host judges a file by its extension instead. */
  contentType: string;
}

/** Bytes start to end of an object, both included, as HTTP's byte ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaObject extends MediaObjectInfo {
  /** The object's bytes, or only the range asked for; size stays the whole object's. */
  body: Readable;
}

export interface MediaStore {
  /** How the log names the store, without secrets. */
  readonly description: string;
  /** Stores the bytes under the key, replacing any object there; the content type defaults to the extension's. */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<MediaEntry>;
  /** The object, or a range of it that lies within its size; null when there is none. */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  head(key: string): Promise<MediaObjectInfo | null>;
  /** Every object whose key starts with the prefix, in no promised order. */
  list(prefix?: string): AsyncIterable<MediaEntry>;
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections; the store is not used after. */
  close(): Promise<void>;
}

const IMAGE_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

/** The type a file of this key's extension is stored with when the writer names none. */
export function mediaContentType(key: string): string {
  const extension = pathExtension(key);
  return IMAGE_CONTENT_TYPES[extension] ?? CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * A key is what safeMediaPath makes of a URL: plain segments, none empty or hidden, no backslash or control
 * character. A store holds no other keys, so no key can name a place outside it.
 */
export function isMediaKey(key: string): boolean {
  return (
    key !== '' &&
    key.split('/').every((segment) => segment !== '' && !segment.startsWith('.') && !/[\\\p{Cc}]/u.test(segment))
  );
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new RangeError(`${JSON.stringify(key)} is not a media key: plain path segments only`);
}

export async function readWhole(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
