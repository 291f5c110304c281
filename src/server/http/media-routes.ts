/**
 * The image and content hosts of spec 2.2, reading the media store every server shares
 * (docs/decisions/038-media-store.md). `/images/*` serves its images resized to the responsive widths
 * (server/media/image-renditions.ts); `/content/*` sends every other file, videos with Range support
 * (content-replies.ts). Paths are read from the raw URL and checked segment by segment before they become a key.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathExtension, pathKind, safeMediaPath, VIDEO_FORMAT_PARAMETER } from '../../shared/media-url.ts';
import { ImageRenditions, MAX_REQUESTED_WIDTH } from '../media/image-renditions.ts';
import { contentFileType } from '../media/media-files.ts';
import type { ByteRange, MediaObject, MediaObjectInfo, MediaStore } from '../media/media-store.ts';
import type { JobLease } from '../jobs/job-lease.ts';
import {
  renderAheadOnOneServer,
  renderCacheName,
  startRenderingAhead,
  type PlannedRendition,
  type RenderAheadSource,
} from '../media/render-ahead.ts';
import { conditionalStatus, matchesEtag, requestedRange } from './content-replies.ts';
import { HttpError } from './errors.ts';

export interface MediaRoutesOptions {
  /** Where the files `/media/...` URLs name are kept. */
  store: MediaStore;
  /** Where this server keeps the images it rendered; safe to delete at any time. */
  cacheDir: string;
  /**
   * Renders ahead of need, once the server listens, the pictures planned (media/render-ahead.ts), on one of the
   * servers that share the cache: the holder of the lease leaseOf makes for it.
   */
  renderAhead?: RenderAheadSource & {
    plan: () => Promise<PlannedRendition[]>;
    leaseOf: (job: string) => JobLease;
  };
}

/**
 * A rendering never changes under its URL and ETag (the key holds the original's entity tag); an original
 * replaced under the same name reaches browsers that kept the old one only under a new URL.
 */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CONTENT_CACHE_CONTROL = 'public, max-age=86400';

const WIDTH_MESSAGE = `must be a whole number of pixels from 1 to ${MAX_REQUESTED_WIDTH}`;
const imageQuery = z.object({
  w: z
    .string({ error: WIDTH_MESSAGE })
    .regex(/^\d{1,6}$/, WIDTH_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, WIDTH_MESSAGE).max(MAX_REQUESTED_WIDTH, WIDTH_MESSAGE))
    .optional(),
});

const FORMAT_MESSAGE = `must be ${VIDEO_FORMAT_PARAMETER}, and only for an .${VIDEO_FORMAT_PARAMETER} file`;
const contentQuery = z.object({ format: z.literal(VIDEO_FORMAT_PARAMETER, { error: FORMAT_MESSAGE }).optional() });

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const { store } = options;
  const cacheDir = path.resolve(options.cacheDir);
  const images = new ImageRenditions(store, cacheDir);
  const { renderAhead } = options;
  if (renderAhead) {
    const { plan, media, database, leaseOf } = renderAhead;
    let rendering: { stop(): Promise<void> } | null = null;
    let closing = false;
    // Once the server listens, so no page waits for the plan; never in tests that only inject requests.
    app.addHook('onListen', async () => {
      renderCacheName(cacheDir).then(
        (name) => {
          if (closing) return;
          rendering = renderAheadOnOneServer({
            lease: leaseOf(`render-ahead ${name}`),
            plan,
            render: (planned) => startRenderingAhead({ media, database, cacheDir, plan: planned }, app.log),
            log: app.log,
          });
        },
        (error: unknown) => app.log.warn({ err: error }, 'could not name the cache of pictures rendered ahead'),
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      await rendering?.stop();
    });
  }
  // HEAD is declared rather than derived from GET, so it never reads a file it does not send.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/images/*',
    schema: { querystring: imageQuery },
    handler: async (request, reply) => {
      const relative = requestedPath(request);
      if (relative === null || pathKind(relative) !== 'image') throw notFoundError(request);
      const rendition = await images.find(relative, request.query.w, request.headers.accept);
      if (!rendition) throw notFoundError(request);

      // Headers go on only with a body: an error reply must not be cached as immutable.
      const headers = {
        'content-type': rendition.contentType,
        vary: 'Accept',
        'cache-control': IMAGE_CACHE_CONTROL,
        etag: rendition.etag,
      };
      if (matchesEtag(request.headers['if-none-match'], rendition.etag)) return reply.code(304).headers(headers).send();

      const image = await images.render(rendition, request.log);
      if (!image) throw new HttpError(404, 'The image could not be read');
      reply.headers(headers).header('content-length', 'file' in image ? image.size : image.bytes.length);
      if (request.method === 'HEAD') return reply.send();
      return reply.send('file' in image ? createReadStream(image.file) : image.bytes);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/content/*',
    schema: { querystring: contentQuery },
    handler: async (request, reply) => {
      const relative = requestedPath(request);
      if (relative === null || pathKind(relative) === 'image') throw notFoundError(request);
      const extension = pathExtension(relative);
      if (request.query.format !== undefined && extension !== VIDEO_FORMAT_PARAMETER) {
        throw new HttpError(400, `format: ${FORMAT_MESSAGE}`);
      }
      const info = await store.head(relative);
      if (!info) throw notFoundError(request);

      const type = contentFileType(extension);
      // As on images, these go on only with the file: an error reply must not be cached for a day.
      const headers: Record<string, string> = {
        'content-type': type.contentType,
        'cache-control': CONTENT_CACHE_CONTROL,
        ...(type.download && { 'content-disposition': 'attachment' }),
        ...(type.rangeable && { 'accept-ranges': 'bytes' }),
      };
      if (conditionalStatus(request.headers, info) === 304) {
        return reply
          .code(304)
          .headers({ ...headers, ...validatorHeaders(info) })
          .send();
      }
      const range = type.rangeable ? requestedRange(request.headers, info) : 'whole';
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${info.size}`)
          .send({ error: 'The requested range is not satisfiable' });
      }
      if (request.method === 'HEAD') {
        return reply
          .code(range === 'whole' ? 200 : 206)
          .headers({ ...headers, ...validatorHeaders(info), ...rangeHeaders(range, info.size) })
          .send();
      }
      const file = await readContent(store, info, range);
      if (!file) throw notFoundError(request);
      return reply
        .code(file.range === 'whole' ? 200 : 206)
        .headers({ ...headers, ...validatorHeaders(file.object), ...rangeHeaders(file.range, file.object.size) })
        .send(file.object.body);
    },
  });
};

/**
 * The range of the file, or the whole file when it has been replaced since the head was read (heads of a remote
 * store may be a few seconds old: media/recent-heads.ts), as the range may not fit the new one.
 */
async function readContent(
  store: MediaStore,
  info: MediaObjectInfo,
  range: ByteRange | 'whole',
): Promise<{ object: MediaObject; range: ByteRange | 'whole' } | null> {
  if (range !== 'whole') {
    const part = await store.get(info.key, range);
    if (part?.etag === info.etag) return { object: part, range };
    part?.body.destroy();
  }
  const object = await store.get(info.key);
  return object && { object, range: 'whole' };
}

function validatorHeaders(file: MediaObjectInfo): Record<string, string> {
  return { etag: file.etag, 'last-modified': file.lastModified.toUTCString() };
}

/** The length of what is sent, and a range's place in the file. */
function rangeHeaders(range: ByteRange | 'whole', size: number): Record<string, string> {
  if (range === 'whole') return { 'content-length': String(size) };
  return {
    'content-length': String(range.end - range.start + 1),
    'content-range': `bytes ${range.start}-${range.end}/${size}`,
  };
}

function notFoundError(request: FastifyRequest): HttpError {
  return new HttpError(404, `${request.url.split('?')[0]} was not found`);
}

/**
 * The path after the route's prefix, taken from the raw URL rather than the router's decoded parameter so
 * that encoded slashes and dots are judged once, by safeMediaPath.
 */
function requestedPath(request: FastifyRequest): string | null {
  const prefix = (request.routeOptions.url ?? '').replace(/\*$/, '');
  const rawPath = request.url.split('?')[0] ?? '';
  if (!prefix || !rawPath.startsWith(prefix)) return null;
  return safeMediaPath(rawPath.slice(prefix.length));
}
