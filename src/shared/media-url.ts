/**
 * The media URL rule of spec 2.2, used by the web app to build links and by the server to read them back.
 * The database stores media as `/media/<relative path>`; image files are served by the image host under
 * `/images/`, everything else by the content host under `/content/`.
 */
import { MAX_IMAGE_WIDTH, RESPONSIVE_IMAGE_WIDTHS } from './constants.ts';

export const MEDIA_PATH_PREFIX = '/media/';
export const IMAGE_HOST_PREFIX = '/images/';
export const CONTENT_HOST_PREFIX = '/content/';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif', 'tiff', 'svg'] as const;
/** Videos, told apart for the social sharing tags; only mp4 carries the format parameter. */
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov', 'm4v'] as const;
export const VIDEO_FORMAT_PARAMETER = 'mp4';

/** Open Graph images are shown at 1200 px wide. */
const SOCIAL_IMAGE_WIDTH = 1200;
/** The base relative links resolve against; the reserved .invalid name is never a real host. */
const RELATIVE_BASE = 'http://relative.invalid';

/** Responsive widths from narrowest to widest. */
const WIDTHS_ASCENDING: readonly number[] = [...RESPONSIVE_IMAGE_WIDTHS].sort((a, b) => a - b);

export type MediaKind = 'image' | 'video' | 'other';

export interface SocialMediaTag {
  property: 'og:image' | 'og:video';
  content: string;
}

/**
 * Turns the part of a media path after its prefix (still percent-encoded, as it appears in a URL) into a
 * relative file path made of plain segments, or null when it could reach outside the media folder or name a
 * hidden file: empty, `.` or `..` segments (also encoded), backslashes, NUL and other control characters,
 * encoded slashes and malformed escapes are all refused.
 */
export function safeMediaPath(encodedPath: string): string | null {
  if (encodedPath === '') return null;
  const segments: string[] = [];
  for (const encoded of encodedPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\p{Cc}]/u.test(segment)) return null;
    segments.push(segment);
  }
  return segments.join('/');
}

/** The lower-case extension of a file path's last segment, without the dot ('' when there is none). */
export function pathExtension(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** What a file path holds, judged by its extension. */
export function pathKind(path: string): MediaKind {
  const extension = pathExtension(path);
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
  return 'other';
}

/** What a URL points at (an image, a video or anything else), ignoring its query and hash. */
export function mediaKind(url: string): MediaKind {
  return pathKind(splitUrl(url).path);
}

/**
 * Rewrites a stored `/media/...` URL to the image host (image files) or the content host (anything else;
 * mp4 gets `format=mp4`). Other URLs, external ones included, come back unchanged. A `/media/` URL that
 * would leave the media folder becomes '' so it can never be requested.
 */
export function mediaUrl(url: string): string {
  return rewrite(url, {});
}

/** The smallest responsive width that covers the wanted one, capped at the widest. */
export function responsiveWidth(wanted: number): number {
  if (Number.isNaN(wanted)) return MAX_IMAGE_WIDTH;
  return WIDTHS_ASCENDING.find((width) => width >= wanted) ?? MAX_IMAGE_WIDTH;
}

/** The image host URL of a stored image at a responsive width; any other URL as mediaUrl gives it. */
export function imageUrl(url: string, width: number): string {
  if (!isHostedImage(url)) return mediaUrl(url);
  return rewrite(url, { w: String(responsiveWidth(width)) });
}

/**
 * A srcset of the stored image at the given widths (all responsive widths by default), narrowest first;
 * '' for anything the image host cannot resize (external URLs, videos, documents).
 */
export function imageSrcSet(url: string, widths: readonly number[] = RESPONSIVE_IMAGE_WIDTHS): string {
  // The URL is taken apart once for all its widths: a page of tiles asks for hundreds.
  const hosted = isHostedImage(url) ? hostedUrl(url) : null;
  if (!hosted) return '';
  const snapped = [...new Set(widths.map(responsiveWidth))].sort((a, b) => a - b);
  return snapped.map((width) => `${withParameters(hosted, { w: String(width) })} ${width}w`).join(', ');
}

/**
 * Whether a link leaves the shop: an absolute URL whose host is not the configured app host, or a scheme
 * other than http(s) (mailto:, tel:, ...). Relative links are internal. appHost may be a host
 * (`shop.example.com:8080`) or an origin (`https://shop.example.com`).
 */
export function isExternalUrl(url: string, appHost: string): boolean {
  let target: URL;
  try {
    // Resolved the way a browser resolves a link, so protocol-relative and backslash forms count as absolute.
    target = new URL(url, RELATIVE_BASE);
  } catch {
    return true;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return true;
  if (target.origin === RELATIVE_BASE) return false;
  return target.host !== hostOf(appHost);
}

/**
 * The Open Graph tag for a piece of media: og:video for videos, og:image for images, with an absolute URL
 * on the shop's public origin; null for anything else or a URL that cannot be served.
 */
export function socialMediaTag(url: string, publicUrl: string): SocialMediaTag | null {
  const kind = mediaKind(url);
  if (kind === 'other') return null;
  const hosted = kind === 'image' ? imageUrl(url, SOCIAL_IMAGE_WIDTH) : mediaUrl(url);
  if (hosted === '') return null;
  return {
    property: kind === 'video' ? 'og:video' : 'og:image',
    content: new URL(hosted, publicUrl).toString(),
  };
}

function isHostedImage(url: string): boolean {
  return url.startsWith(MEDIA_PATH_PREFIX) && mediaKind(url) === 'image';
}

function rewrite(url: string, parameters: Record<string, string>): string {
  if (!url.startsWith(MEDIA_PATH_PREFIX)) return url;
  const hosted = hostedUrl(url);
  return hosted ? withParameters(hosted, parameters) : '';
}

/** A stored `/media/...` URL on its host, before any parameters are added. */
interface HostedUrl {
  path: string;
  search: URLSearchParams;
  hash: string;
}

/** Where a stored `/media/...` URL is served from, or null when it would leave the media folder. */
function hostedUrl(url: string): HostedUrl | null {
  const { path, query, hash } = splitUrl(url);
  const relative = safeMediaPath(path.slice(MEDIA_PATH_PREFIX.length));
  if (relative === null) return null;
  const search = new URLSearchParams(query);
  if (pathExtension(relative) === VIDEO_FORMAT_PARAMETER) search.set('format', VIDEO_FORMAT_PARAMETER);
  const encoded = relative.split('/').map(encodeURIComponent).join('/');
  return {
    path: `${pathKind(relative) === 'image' ? IMAGE_HOST_PREFIX : CONTENT_HOST_PREFIX}${encoded}`,
    search,
    hash,
  };
}

function withParameters({ path, search, hash }: HostedUrl, parameters: Record<string, string>): string {
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(parameters)) query.set(name, value);
  const queryString = query.toString();
  return `${path}${queryString ? `?${queryString}` : ''}${hash}`;
}

function splitUrl(url: string): { path: string; query: string; hash: string } {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  return queryAt === -1
    ? { path: beforeHash, query: '', hash }
    : { path: beforeHash.slice(0, queryAt), query: beforeHash.slice(queryAt + 1), hash };
}

function hostOf(appHost: string): string {
  const value = appHost.trim();
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).host;
  } catch {
    return value.toLowerCase();
  }
}
