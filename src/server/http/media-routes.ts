/**
 * The image and content hosts of spec 2.2. `/images/*` serves the media folder's images resized to the
 * responsive widths (server/media/image-renditions.ts); `/content/*` sends every other file through
 * @fastify/static, videos with Range support. Paths are read from the raw URL and checked segment by segment,
 * then the resolved file must still lie inside the media folder.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathExtension, pathKind, safeMediaPath, VIDEO_FORMAT_PARAMETER } from '../../shared/media-url.ts';
import { ImageRenditions, MAX_REQUESTED_WIDTH } from '../media/image-renditions.ts';
import { contentFileType, findMediaFile } from '../media/media-files.ts';
import { startRenderingAhead, type PlannedRendition, type RenderingAhead } from '../media/render-ahead.ts';
import { HttpError } from './errors.ts';

export interface MediaRoutesOptions {
  /** The folder `/media/...` URLs point into (`${DATA_DIR}/media`). */
  mediaDir: string;
  /** Where rendered images are kept; safe to delete at any time. */
  cacheDir: string;
  /** The pictures to render ahead of need once the server listens (media/render-ahead.ts). */
  renderAhead?: () => Promise<PlannedRendition[]>;
}

/**
 * A rendering never changes under its URL and ETag (the key holds the source's mtime); a source replaced
 * under the same name reaches browsers that kept the old one only under a new URL.
 */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CONTENT_MAX_AGE_MS = 86_400_000;

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
  const mediaDir = path.resolve(options.mediaDir);
  const cacheDir = path.resolve(options.cacheDir);
  const images = new ImageRenditions(mediaDir, cacheDir);
  const { renderAhead } = options;
  if (renderAhead) {
    let rendering: RenderingAhead | null = null;
    let closing = false;
    // Once the server listens, so no page waits for the plan; never in tests that only inject requests.
    app.addHook('onListen', async () => {
      renderAhead().then(
        (plan) => {
          if (!closing) rendering = startRenderingAhead({ mediaDir, cacheDir, plan }, app.log);
        },
        (error: unknown) => app.log.warn({ err: error }, 'could not plan the pictures to render ahead'),
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      await rendering?.stop();
    });
  }
  // Only reply.sendFile: the routes below choose the file.
  await app.register(fastifyStatic, { serve: false });

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
      const media = await findMediaFile(mediaDir, relative);
      if (!media) throw notFoundError(request);

      const type = contentFileType(extension);
      reply.header('content-type', type.contentType);
      if (type.download) reply.header('content-disposition', 'attachment');
      // @fastify/static answers HEAD, If-None-Match (304), Range (206) and unsatisfiable ranges (416).
      return reply.sendFile(path.relative(media.root, media.file), media.root, {
        acceptRanges: type.rangeable,
        contentType: false,
        cacheControl: true,
        maxAge: CONTENT_MAX_AGE_MS,
        etag: true,
        lastModified: true,
      });
    },
  });
};

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

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
