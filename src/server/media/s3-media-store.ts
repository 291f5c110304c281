/**
 * The media store in an S3-compatible bucket (MEDIA_STORE=s3): Amazon S3, Cloudflare R2, MinIO and the like,
 * through the official AWS SDK. Keys are the media keys under an optional prefix, so one bucket can hold several
 * shops or more than media.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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

export interface S3MediaSettings {
  bucket: string;
  /** Put before every key, e.g. `shop-media/`; empty for none. */
  prefix: string;
  /** The service's URL for anything but Amazon S3 (https://<account>.r2.cloudflarestorage.com, http://minio:9000). */
  endpoint: string | null;
  /** R2 takes `auto`; MinIO any region. */
  region: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID, a web identity, the instance's role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Buckets addressed as endpoint/bucket/key rather than bucket.endpoint/key: MinIO wants it. */
  forcePathStyle: boolean;
}

/** A store that does not answer a connection within this long is down: the request fails rather than waits. */
const CONNECT_TIMEOUT_MS = 5_000;
/** A response that sends nothing for this long (headers, or the next bytes of a video) has failed. */
const IDLE_TIMEOUT_MS = 30_000;

export class S3MediaStore implements MediaStore {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3MediaSettings) {
    this.description = `the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // The SDK's default CRC checksums on every upload are refused by several S3-compatible services; the
      // ETag already tells a whole object from a damaged one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
    });
  }

  async head(key: string): Promise<MediaObjectInfo | null> {
    if (!isMediaKey(key)) return null;
    const object = await whenFound(
      this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) })),
    );
    if (!object) return null;
    return {
      key,
      size: object.ContentLength ?? 0,
      etag: object.ETag ?? '""',
      lastModified: object.LastModified ?? new Date(0),
      contentType: object.ContentType ?? mediaContentType(key),
    };
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    const object = await whenFound(
      this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          Range: range && `bytes=${range.start}-${range.end}`,
        }),
      ),
    );
    if (!object) return null;
    if (!(object.Body instanceof Readable)) throw new TypeError('The S3 client answered a body that is no stream');
    // A range's Content-Range ends with the whole object's size: bytes 0-99/1000.
    const total = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : object.ContentLength;
    return {
      key,
      size: total ?? 0,
      etag: object.ETag ?? '""',
      lastModified: object.LastModified ?? new Date(0),
      contentType: object.ContentType ?? mediaContentType(key),
      body: object.Body,
    };
  }

  async put(key: string, bytes: Uint8Array, contentType = mediaContentType(key)): Promise<MediaEntry> {
    assertMediaKey(key);
    const stored = await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentType,
      }),
    );
    return { key, size: bytes.byteLength, etag: stored.ETag ?? '""', lastModified: new Date() };
  }

  async *list(prefix = ''): AsyncIterable<MediaEntry> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.objectKey(prefix),
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.settings.prefix.length) ?? '';
        if (!isMediaKey(key)) continue;
        yield {
          key,
          size: object.Size ?? 0,
          etag: object.ETag ?? '""',
          lastModified: object.LastModified ?? new Date(0),
        };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    return this.settings.prefix + key;
  }
}

/** The answer, or null when the object is not there (HEAD answers a bare 404, GET NoSuchKey). */
async function whenFound<T>(sending: Promise<T>): Promise<T | null> {
  try {
    return await sending;
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
    throw error;
  }
}
