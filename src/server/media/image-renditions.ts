/**
 * Media images resized to the responsive widths, as WebP or AVIF when the browser takes them, rendered once and
 * kept on this server's disk (spec 2.2). The originals come from the media store every server reads; a rendition
 * missing here is rendered from its original and kept here only (docs/decisions/038-media-store.md). A
 * rendition's key holds the original's path and entity tag, the width and the format, so a rendition never
 * changes under its key and the cache is safe to delete at any time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type createSharp from 'sharp';
import { MAX_IMAGE_WIDTH } from '../../shared/constants.ts';
import { pathExtension, responsiveWidth } from '../../shared/media-url.ts';
import { readWhole, type MediaObjectInfo, type MediaStore } from './media-store.ts';
import { RenderQueue } from './render-queue.ts';

type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';

/** A 4x display at the widest width; anything beyond is not a real request. */
export const MAX_REQUESTED_WIDTH = MAX_IMAGE_WIDTH * 4;
const SVG_DENSITY = 72;

const CORES = availableParallelism();
/**
 * Renders at once: one on a two-core machine, so a core is left to the event loop, and never more than two, so
 * libuv's four threads always keep two for reading files (render-queue.ts).
 */
export const RENDERS_AT_ONCE = Math.min(2, Math.max(1, CORES - 1));

let loadedSharp: Promise<typeof createSharp> | null = null;
/**
 * sharp and libvips (some 20 MB) load at the first render, so a server whose pictures are all rendered ahead never
 * holds them. libvips' threads for each render: together the renders leave one core free. Its operation cache
 * only holds memory: every rendition is rendered once, then read from the disk cache.
 */
function loadSharp(): Promise<typeof createSharp> {
  const loading =
    loadedSharp ??
    import('sharp').then(({ default: sharp }) => {
      sharp.concurrency(Math.max(1, Math.floor((CORES - 1) / RENDERS_AT_ONCE)));
      sharp.cache(false);
      return sharp;
    });
  loadedSharp = loading;
  return loading;
}

/** What a browser cannot decode falls back to PNG (SVG is never served as SVG: it can carry script). */
const FALLBACK_FORMAT: Record<string, ImageFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

export interface ImageRendition {
  /** The image's key in the media store. */
  relative: string;
  source: MediaObjectInfo;
  extension: string;
  /** A responsive width, or undefined for the source's own width (at most MAX_IMAGE_WIDTH). */
  width: number | undefined;
  format: ImageFormat;
  contentType: string;
  etag: string;
  cacheFile: string;
}

/** A rendered image: a file in the cache, or the bytes when they could not be kept there. */
export type RenderedImage = { file: string; size: number } | { bytes: Buffer };

interface WarningLog {
  warn(details: object, message: string): void;
}

export class ImageRenditions {
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private readonly queue = new RenderQueue(RENDERS_AT_ONCE);

  constructor(
    private readonly store: MediaStore,
    private readonly cacheDir: string,
  ) {}

  /** The rendition of a media image for a wanted width and a browser's Accept header, or null when there is no such image. */
  async find(
    relative: string,
    wantedWidth: number | undefined,
    accept: string | undefined,
  ): Promise<ImageRendition | null> {
    const source = await this.store.head(relative);
    if (!source) return null;
    const extension = pathExtension(relative);
    const width = wantedWidth === undefined ? undefined : responsiveWidth(wantedWidth);
    const format = chooseFormat(accept, extension);
    const key = createHash('sha256')
      .update(JSON.stringify([relative, source.etag, width ?? 'source', format]))
      .digest('hex');
    return {
      relative,
      source,
      extension,
      width,
      format,
      contentType: `image/${format}`,
      etag: `"${key.slice(0, 32)}"`,
      cacheFile: path.join(this.cacheDir, key.slice(0, 2), `${key}.${format}`),
    };
  }

  /** The rendition from the cache, or rendered now and kept; null when the source is not an image sharp can read. */
  async render(rendition: ImageRendition, log: WarningLog): Promise<RenderedImage | null> {
    const cached = await stat(rendition.cacheFile).catch(() => null);
    if (cached?.isFile()) return { file: rendition.cacheFile, size: cached.size };
    try {
      return { bytes: await this.renderOnce(rendition, log) };
    } catch (error) {
      log.warn({ err: error, path: rendition.relative }, 'could not render an image');
      return null;
    }
  }

  /** Concurrent requests for one rendition wait for the same sharp run, which waits for its turn. */
  private renderOnce(rendition: ImageRendition, log: WarningLog): Promise<Buffer> {
    let pending = this.rendering.get(rendition.cacheFile);
    if (!pending) {
      pending = this.queue
        .run(async () => {
          const original = await this.store.get(rendition.relative);
          if (!original) throw new Error(`${rendition.relative} left the media store`);
          const rendered = await renderImage(rendition, await readWhole(original.body));
          // An original replaced since its head was read is served, but not kept under the old original's key.
          if (original.etag !== rendition.source.etag) return rendered;
          await keepInCache(rendition.cacheFile, rendered).catch((error: unknown) => {
            log.warn({ err: error }, 'could not keep a rendered image in the cache');
          });
          return rendered;
        })
        .finally(() => this.rendering.delete(rendition.cacheFile));
      this.rendering.set(rendition.cacheFile, pending);
    }
    return pending;
  }
}

/**
 * WebP when the browser takes it, AVIF when it takes AVIF but not WebP, else the source's own raster format
 * (PNG for SVG, TIFF, BMP). WebP comes first because it encodes about eight times faster than AVIF here
 * (0.3 s against 2.5 s for a 1440 px shot on one core) for a file a third larger: a shopper's first view of
 * an image waits for its first rendering.
 */
function chooseFormat(accept: string | undefined, extension: string): ImageFormat {
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

async function renderImage({ extension, width, format }: ImageRendition, bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let image: Sharp;
  if (extension === 'svg') {
    // A vector has no native width to stay under: rasterize at the density that gives the wanted width.
    const intrinsicWidth = Math.max((await sharp(bytes).metadata()).width, 1);
    const target = width ?? Math.min(intrinsicWidth, MAX_IMAGE_WIDTH);
    const density = Math.min(Math.max((SVG_DENSITY * target) / intrinsicWidth, 1), 100_000);
    image = sharp(bytes, { density }).resize({ width: target });
  } else {
    image = sharp(bytes, { animated: extension === 'gif', autoOrient: true }).resize({
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
