/**
 * The image and content hosts of spec 2.2. `/images/*` serves the media folder's images resized to the
 * responsive widths, as AVIF or WebP when the browser takes them, rendered once and kept on disk;
 * `/content/*` streams every other file, videos with Range support. Paths are read from the raw URL and
 * checked segment by segment, then the resolved file must still lie inside the media folder.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { mkdir, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_WIDTH } from '../../shared/constants.ts';
import {
  pathExtension,
  pathKind,
  responsiveWidth,
  safeMediaPath,
  VIDEO_FORMAT_PARAMETER,
} from '../../shared/media-url.ts';
import { HttpError } from './errors.ts';

export interface MediaRoutesOptions {
  /** The folder `/media/...` URLs point into (`${DATA_DIR}/media`). */
  mediaDir: string;
  /** Where rendered images are kept; safe to delete at any time. */
  cacheDir: string;
}

type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';

interface MediaFile {
  file: string;
  stats: Stats;
}

/**
 * A rendering never changes under its URL and ETag (the key holds the source's mtime); a source replaced
 * under the same name reaches browsers that kept the old one only under a new URL.
 */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CONTENT_CACHE_CONTROL = 'public, max-age=86400';
/** A 4x display at the widest width; anything beyond is not a real request. */
const MAX_REQUESTED_WIDTH = MAX_IMAGE_WIDTH * 4;
const SVG_DENSITY = 72;

/** What a browser cannot decode falls back to PNG (SVG is never served as SVG: it can carry script). */
const FALLBACK_FORMAT: Record<string, OutputFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  vtt: 'text/vtt; charset=utf-8',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, options) => {
  const mediaDir = path.resolve(options.mediaDir);
  const cacheDir = path.resolve(options.cacheDir);
  const rendering = new Map<string, Promise<Buffer>>();

  /** Concurrent requests for one rendering wait for the same sharp run. */
  function renderOnce(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    let pending = rendering.get(key);
    if (!pending) {
      pending = render().finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  // HEAD is declared rather than derived from GET, so it never reads a file it does not send.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/images/*',
    handler: async (request, reply) => {
      const relative = requestedPath(request);
      if (relative === null || pathKind(relative) !== 'image') throw notFoundError(request);
      const width = requestedWidth(request.query);
      const media = await findMediaFile(mediaDir, relative);
      if (!media) throw notFoundError(request);

      const extension = pathExtension(relative);
      const format = chooseFormat(request.headers.accept, extension);
      const key = createHash('sha256')
        .update(JSON.stringify([relative, media.stats.mtimeMs, media.stats.size, width ?? 'source', format]))
        .digest('hex');
      // Headers go on only with a body: an error reply must not be cached as immutable.
      const headers = {
        'content-type': `image/${format}`,
        vary: 'Accept',
        'cache-control': IMAGE_CACHE_CONTROL,
        etag: `"${key.slice(0, 32)}"`,
      };
      if (matchesEtag(request.headers['if-none-match'], headers.etag)) return reply.code(304).headers(headers).send();

      const cacheFile = path.join(cacheDir, key.slice(0, 2), `${key}.${format}`);
      const cached = await stat(cacheFile).catch(() => null);
      if (cached?.isFile()) return sendFile(request, reply.headers(headers), cacheFile, cached.size);

      const image = renderOnce(key, async () => {
        const rendered = await renderImage(media.file, extension, width, format);
        await keepInCache(cacheFile, rendered).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not keep a rendered image in the cache');
        });
        return rendered;
      });
      let rendered: Buffer;
      try {
        rendered = await image;
      } catch (error) {
        request.log.warn({ err: error, path: relative }, 'could not render an image');
        throw new HttpError(404, 'The image could not be read');
      }
      reply.headers(headers);
      reply.header('content-length', rendered.length);
      return reply.send(request.method === 'HEAD' ? undefined : rendered);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/content/*',
    handler: async (request, reply) => {
      const relative = requestedPath(request);
      if (relative === null || pathKind(relative) === 'image') throw notFoundError(request);
      const extension = pathExtension(relative);
      const format = (request.query as Record<string, unknown>).format;
      if (format !== undefined && !(format === VIDEO_FORMAT_PARAMETER && extension === VIDEO_FORMAT_PARAMETER)) {
        throw new HttpError(400, `format must be ${VIDEO_FORMAT_PARAMETER}, and only for an .mp4 file`);
      }
      const media = await findMediaFile(mediaDir, relative);
      if (!media) throw notFoundError(request);

      const { size, mtime, mtimeMs } = media.stats;
      const etag = `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
      const contentType = CONTENT_TYPES[extension];
      // Ranges only for audio and video: they are never compressed, so a byte range means the file's bytes.
      const rangeable = Boolean(contentType && /^(video|audio)\//.test(contentType));
      const range = rangeable ? requestedRange(request, [etag, mtime.toUTCString()], size) : null;
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new HttpError(416, 'The requested range is not satisfiable');
      }

      reply
        .header('content-type', contentType ?? 'application/octet-stream')
        .header('cache-control', CONTENT_CACHE_CONTROL)
        .header('etag', etag)
        .header('last-modified', mtime.toUTCString());
      if (rangeable) reply.header('accept-ranges', 'bytes');
      // Anything that is not a known media type is a download, so no file can run as a page of the shop.
      if (!contentType) reply.header('content-disposition', 'attachment');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
        return sendFile(request, reply, media.file, size, range);
      }
      return sendFile(request, reply, media.file, size);
    },
  });
};

/** Streams a file or one range of it; a HEAD request gets the headers only. */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  size: number,
  range?: { start: number; end: number },
): FastifyReply {
  reply.header('content-length', range ? range.end - range.start + 1 : size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(file, range));
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

/** The wanted width snapped up to a responsive width, or undefined for the source's own width. */
function requestedWidth(query: unknown): number | undefined {
  const value = (query as Record<string, unknown>).w;
  if (value === undefined) return undefined;
  const width = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(width >= 1 && width <= MAX_REQUESTED_WIDTH)) {
    throw new HttpError(400, `w must be a whole number of pixels from 1 to ${MAX_REQUESTED_WIDTH}`);
  }
  return responsiveWidth(width);
}

/** The file a safe relative path names, if it is a regular file whose real path lies inside the media folder. */
async function findMediaFile(mediaDir: string, relative: string): Promise<MediaFile | null> {
  try {
    const root = await realpath(mediaDir);
    const file = await realpath(path.join(root, relative));
    if (!file.startsWith(root + path.sep)) return null;
    const stats = await stat(file);
    return stats.isFile() ? { file, stats } : null;
  } catch {
    return null;
  }
}

/**
 * WebP when the browser takes it, AVIF when it takes AVIF but not WebP, else the source's own raster format
 * (PNG for SVG, TIFF, BMP). WebP comes first because it encodes about eight times faster than AVIF here
 * (0.3 s against 2.5 s for a 1440 px shot on one core) for a file a third larger: a shopper's first view of
 * an image waits for its first rendering.
 */
function chooseFormat(accept: string | undefined, extension: string): OutputFormat {
  const accepted = acceptedTypes(accept ?? '');
  if (accepted.has('image/webp')) return 'webp';
  // Animated GIFs keep their frames in WebP, not in AVIF.
  if (accepted.has('image/avif') && extension !== 'gif') return 'avif';
  return FALLBACK_FORMAT[extension] ?? 'png';
}

function acceptedTypes(accept: string): Set<string> {
  const types = new Set<string>();
  for (const part of accept.split(',')) {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (quality === undefined || Number(quality.slice(2)) > 0) types.add(type);
  }
  return types;
}

async function renderImage(
  file: string,
  extension: string,
  width: number | undefined,
  format: OutputFormat,
): Promise<Buffer> {
  const source = await readFile(file);
  let image: Sharp;
  if (extension === 'svg') {
    // A vector has no native width to stay under: rasterize at the density that gives the wanted width.
    const intrinsicWidth = Math.max((await sharp(source).metadata()).width, 1);
    const target = width ?? Math.min(intrinsicWidth, MAX_IMAGE_WIDTH);
    const density = Math.min(Math.max((SVG_DENSITY * target) / intrinsicWidth, 1), 100_000);
    image = sharp(source, { density }).resize({ width: target });
  } else {
    image = sharp(source, { animated: extension === 'gif', autoOrient: true }).resize({
      width: width ?? MAX_IMAGE_WIDTH,
      withoutEnlargement: true,
    });
  }
  switch (format) {
    case 'avif':
      return image.avif({ quality: 55, effort: 3 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'png':
      return image.png().toBuffer();
  }
}

/** Written under a temporary name and renamed, so a reader never sees half a file. */
async function keepInCache(cacheFile: string, rendered: Buffer): Promise<void> {
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const temporary = `${cacheFile}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, rendered);
    await rename(temporary, cacheFile);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) within the file, null to send the whole file (no
 * Range, several ranges, an If-Range that names neither the ETag nor the modification date, a malformed
 * header), or 'unsatisfiable'.
 */
function requestedRange(
  request: FastifyRequest,
  validators: string[],
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const header = request.headers.range;
  if (!header) return null;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && !validators.includes(String(ifRange).trim())) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
