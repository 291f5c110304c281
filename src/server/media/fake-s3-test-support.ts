/**
 * An S3-compatible service on loopback for tests: one bucket, path-style URLs, and exactly the calls the media
 * store makes (PutObject, GetObject with a Range, HeadObject, ListObjectsV2, DeleteObject), answered as Amazon S3
 * answers them. It checks that each request is signed with the expected access key, not the signature itself:
 * the SDK makes and checks signatures, the store only chooses the credentials.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeObject {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Call {
  method: string;
  key: string;
  range?: string;
}

export interface FakeS3 {
  /** http://127.0.0.1:port, the MEDIA_S3_ENDPOINT to use. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeObject>;
  /** Every object call, in order; listings have the key ''. */
  calls: FakeS3Call[];
  close(): Promise<void>;
}

/** Amazon's XML namespace for S3 answers. */
const S3_XML_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sendError(response: http.ServerResponse, status: number, code: string, method: string): void {
  response.statusCode = status;
  // HEAD answers carry no body, so the SDK reads the status alone (NotFound for 404).
  if (method === 'HEAD') {
    response.end();
    return;
  }
  response.setHeader('content-type', 'application/xml');
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

function objectHeaders(object: FakeObject): Record<string, string> {
  return {
    'content-type': object.contentType,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  };
}

/** A single byte range as S3 takes it: first-last, first- or -suffix. */
function byteRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header);
  const [, first = '', last = ''] = match ?? [];
  if (!match || (first === '' && last === '')) return null;
  if (first === '') return { start: Math.max(0, size - Number(last)), end: size - 1 };
  return { start: Number(first), end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export async function startFakeS3(options: { bucket?: string; listPageSize?: number } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'shop-media';
  const listPageSize = options.listPageSize ?? 1000;
  const accessKeyId = 'FAKEACCESSKEY';
  const secretAccessKey = 'fake-secret-access-key';
  const objects = new Map<string, FakeObject>();
  const calls: FakeS3Call[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const url = new URL(request.url ?? '/', 'http://fake-s3.invalid');
      if (!(request.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`)) {
        sendError(response, 403, 'InvalidAccessKeyId', method);
        return;
      }
      const [, bucketName = '', ...segments] = url.pathname.split('/');
      if (bucketName !== bucket) {
        sendError(response, 404, 'NoSuchBucket', method);
        return;
      }
      const key = segments.map(decodeURIComponent).join('/');

      if (key === '' && method === 'GET' && url.searchParams.get('list-type') === '2') {
        calls.push({ method: 'LIST', key });
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? '';
        const keys = [...objects.keys()].filter((each) => each.startsWith(prefix) && each > after).sort();
        const page = keys.slice(0, listPageSize);
        const truncated = keys.length > page.length;
        const contents = page.map((each) => {
          const object = objects.get(each) as FakeObject;
          return (
            `<Contents><Key>${escapeXml(each)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
            `<ETag>${escapeXml(object.etag)}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
          );
        });
        response.setHeader('content-type', 'application/xml');
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="${S3_XML_NAMESPACE}">` +
            `<Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
            `<MaxKeys>${listPageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents.join('')}` +
            (truncated ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? '')}</NextContinuationToken>` : '') +
            `</ListBucketResult>`,
        );
        return;
      }
      if (key === '') {
        sendError(response, 501, 'NotImplemented', method);
        return;
      }
      const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
      calls.push({ method, key, ...(range && { range }) });

      switch (method) {
        case 'PUT': {
          // A body sent in aws-chunked encoding would need decoding: the store turns that off.
          if (request.headers['content-encoding']?.includes('aws-chunked')) {
            sendError(response, 501, 'NotImplemented', method);
            return;
          }
          const bytes = Buffer.concat(chunks);
          const object = {
            bytes,
            contentType: request.headers['content-type'] ?? 'binary/octet-stream',
            etag: `"${createHash('md5').update(bytes).digest('hex')}"`,
            lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
          };
          objects.set(key, object);
          response.setHeader('etag', object.etag);
          response.end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          const object = objects.get(key);
          if (!object) {
            sendError(response, 404, 'NoSuchKey', method);
            return;
          }
          const size = object.bytes.length;
          const wanted = range === undefined ? null : byteRange(range, size);
          if (wanted && wanted.start >= size) {
            response.setHeader('content-range', `bytes */${size}`);
            sendError(response, 416, 'InvalidRange', method);
            return;
          }
          const body = wanted ? object.bytes.subarray(wanted.start, wanted.end + 1) : object.bytes;
          response.writeHead(wanted ? 206 : 200, {
            ...objectHeaders(object),
            'content-length': String(body.length),
            ...(wanted && { 'content-range': `bytes ${wanted.start}-${wanted.end}/${size}` }),
          });
          response.end(method === 'HEAD' ? undefined : body);
          return;
        }
        case 'DELETE':
          objects.delete(key);
          response.statusCode = 204;
          response.end();
          return;
        default:
          sendError(response, 405, 'MethodNotAllowed', method);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
