/**
 * The cache of rendered pages (docs/performance/019-rendered-page-cache.md). A page an anonymous visitor asks for
 * is the same HTML for every anonymous visitor of its address but for the CSP nonce of its inline scripts. A kept
 * page carries no nonce: its policy allows the inline scripts the render gave its nonce by their SHA-256 hashes
 * (docs/performance/027-cached-pages-by-hash.md), so it is compressed once, in brotli and gzip, and each answer
 * sends the bytes kept.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { SORT_PARAM } from '../../shared/catalogue-sort.ts';
import { isTrackingParam } from '../../shared/tracking-params.ts';
import { answerEncoding } from './small-answers.ts';

export interface PageCacheLimits {
  /** Pages kept at most; the least recently served goes first. */
  maxEntries: number;
  /** Compressed bytes kept at most, all pages together. */
  maxBytes: number;
  /**
   * How long a page is served at most: posts are published and sitewide messages start and end by the clock,
   * which no change feed records.
   */
  maxAgeMs: number;
  /**
   * How long past its time a page may still be served while it renders again (none when unset): the visitors
   * of that moment get the page at once rather than waiting for the render.
   */
  staleMs?: number;
}

export const PAGE_CACHE_LIMITS: PageCacheLimits = {
  maxEntries: 2000,
  maxBytes: 48 * 1024 * 1024,
  maxAgeMs: 60_000,
  staleMs: 30_000,
};

/**
 * The query parameters pages read to choose what they show to everyone: the catalogue's selection, search,
 * page and order (shared/catalogue-search/shop-url.ts), and the post lists' offset. Tracking parameters (campaign tags,
 * click ids: shared/tracking-params.ts) change nothing a page shows and are left out of its address. Any other
 * parameter (a form's flash outcome, a bag link's lines and promo) may be meant for one visitor, and its page is
 * rendered afresh, so unknown names never multiply the pages kept.
 */
const SHARED_QUERY_PARAMS: ReadonlySet<string> = new Set(['t', 'q', 'p', SORT_PARAM, 'offset']);

export interface PageKey {
  /** What the page is kept under. */
  key: string;
  /** The address rendered for it: the request's path and query without its tracking parameters. */
  url: string;
}

/**
 * The cache key of a request whose page may be shared, or null: only GETs of visitors without a session cookie,
 * whose query holds only shared and tracking parameters. Crawlers get whole pages rather than streamed ones, so
 * they are kept apart; the host is part of the key, so a forged Host header reaches only pages rendered for it.
 */
export function pageCacheKey(request: FastifyRequest, sessionCookieName: string): PageKey | null {
  if (request.method !== 'GET' || request.cookies[sessionCookieName] !== undefined) return null;
  const queryStart = request.url.indexOf('?');
  let url = request.url;
  if (queryStart >= 0) {
    const kept: string[] = [];
    // The query's own spelling is kept (not URLSearchParams' re-encoding), so a page's address stays the one asked for.
    for (const part of request.url.slice(queryStart + 1).split('&')) {
      if (part === '') continue;
      const name = new URLSearchParams(part).keys().next().value ?? '';
      if (isTrackingParam(name)) continue;
      if (!SHARED_QUERY_PARAMS.has(name)) return null;
      kept.push(part);
    }
    url = kept.length > 0 ? `${request.url.slice(0, queryStart)}?${kept.join('&')}` : request.url.slice(0, queryStart);
  }
  const userAgent = request.headers['user-agent'];
  const reader = userAgent && isbot(userAgent) ? 'crawler' : 'visitor';
  return { key: `${reader} ${request.host} ${url}`, url };
}

/** A page's answer that may be kept: a whole 200 HTML page that sets no cookie and no header forbids keeping. */
export function isStorableResponse(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    response.headers.getSetCookie().length === 0 &&
    !/\b(private|no-store)\b/.test(cacheControl)
  );
}

/** An API answer the same for every visitor: the API says so with Cache-Control public (cache-control.ts). */
export const isSharedAnswer = (cacheControl: unknown): boolean =>
  typeof cacheControl === 'string' && /\bpublic\b/.test(cacheControl);

export interface CachedPage {
  /** The page's headers, but those every answer sets for itself (Content-Security-Policy, length, encoding). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** What the answer's script-src lists for the page's inline scripts: their hashes. */
  scriptSources: readonly string[];
  /** The HTML, without a nonce, compressed once in each encoding. */
  encoded: { br: Buffer; gzip: Buffer };
  storedAt: number;
  /** What the page holds in memory. */
  bytes: number;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The most one page may be, uncompressed. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
/**
 * Brotli's quality for a kept page, compressed once and sent many times: 10 makes the product page 13.8 kB in some
 * 30 ms (the quality 5 pages stream at: 15.0 kB; 11: 13.5 kB in 90 ms) and the shop page of sixty products 34.6 kB
 * in 150 ms (5: 39.9 kB; 11: 33.1 kB in 560 ms), on zlib's thread pool.
 */
const KEPT_PAGE_BROTLI_QUALITY = 10;
const HEADERS_EVERY_ANSWER_SETS = new Set([
  'content-security-policy',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
]);
/** An inline script element as React writes it: its attributes, and its text up to the end tag. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The two encodings as views of one buffer of the page's own, of their size: zlib may answer a small output as a
 * view of its 16 kB output buffer, so a page kept as zlib gave it could hold far more than it counts.
 */
function keptTogether(br: Buffer, gzipped: Buffer): CachedPage['encoded'] {
  const joined = Buffer.allocUnsafeSlow(br.length + gzipped.length);
  br.copy(joined, 0);
  gzipped.copy(joined, br.length);
  return { br: joined.subarray(0, br.length), gzip: joined.subarray(br.length) };
}

/**
 * What the policy lists to allow an inline script: the SHA-256 of its text (CSP 3). A browser hashes the text it
 * parsed, in UTF-8, which is the text the render wrote unless that held a carriage return (the parser turns CR LF
 * into LF): null then.
 */
function scriptHash(text: string): string | null {
  if (text.includes('\r')) return null;
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The page as it is kept: without the render's nonce, with the hashes of the inline scripts that carried it, so
 * the scripts the shop wrote run and nothing else does (a script slipped into the page carries no nonce, and a
 * script torn open by one has other text). Null when the page cannot be kept: too big, or the nonce stands
 * somewhere other than a nonce attribute, or a script's hash would not be the browser's.
 */
export async function cachedPageOf(
  html: Buffer,
  nonce: string,
  headers: Headers,
  now: number,
): Promise<CachedPage | null> {
  if (html.length > MAX_PAGE_BYTES || nonce.length === 0) return null;
  const text = html.toString('utf8');
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = '', script = ''] of text.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(attribute)) continue;
    const hash = scriptHash(script);
    if (hash === null) return null;
    hashes.add(hash);
  }
  const withoutNonce = text.replaceAll(attribute, '');
  if (withoutNonce.includes(nonce)) return null;
  const body = Buffer.from(withoutNonce);
  const [brotli, gzipped] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: KEPT_PAGE_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const encoded = keptTogether(brotli, gzipped);
  const kept: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    if (!HEADERS_EVERY_ANSWER_SETS.has(name) && name !== 'set-cookie') kept.push([name, value]);
  });
  const scriptSources = [...hashes];
  const bytes =
    brotli.length +
    gzipped.length +
    kept.reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
    scriptSources.reduce((sum, source) => sum + source.length, 0);
  return { headers: kept, scriptSources, encoded, storedAt: now, bytes };
}

/** The encodings a kept page is held in. */
const KEPT_ENCODINGS = ['br', 'gzip'] as const satisfies ReadonlyArray<keyof CachedPage['encoded']>;

/** The encoding to send a kept page in for this Accept-Encoding, or null for plain HTML. */
export const keptEncodingFor = (acceptEncoding: string | undefined): (typeof KEPT_ENCODINGS)[number] | null =>
  answerEncoding(acceptEncoding, KEPT_ENCODINGS);

/** The kept page's plain HTML, for the rare client that takes no compression. */
export const pageHtml = (page: CachedPage): Buffer => gunzipSync(page.encoded.gzip);

/** A page being rendered to be kept: what those who asked for it meanwhile wait on. */
export interface PageRender {
  /**
   * The page for those who waited: the kept page, or one sent but not kept (a loader's search failed); null when
   * the render's page could not be shared (those waiting then render their own).
   */
  readonly page: Promise<CachedPage | null>;
  /** Ends the render's turn, once: later asks find the page kept, or render it again. */
  settle(page: CachedPage | null): void;
}

/**
 * The pages kept, least recently served first. Emptying raises the generation: a render that began before
 * is not kept, since it may show what changed. A page is rendered once for everyone who asks while it renders
 * (single flight): the first render of a key is recorded here, and the others wait on it.
 */
export class RenderedPageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly renders = new Map<string, PageRender>();
  private bytes = 0;
  private currentGeneration = 0;

  constructor(
    readonly limits: PageCacheLimits = PAGE_CACHE_LIMITS,
    /** The clock a page's age is read by, and its time of keeping set by. */
    readonly now: () => number = Date.now,
  ) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.pages.size;
  }

  /** The kept page of this key, if any and not too old; it becomes the most recently served. */
  lookup(key: string): CachedPage | null {
    const found = this.find(key);
    return found && !found.stale ? found.page : null;
  }

  /**
   * The kept page of this key, stale when past its time but not past its time and `staleMs` (the caller renders
   * it again); it becomes the most recently served. A page older than both is dropped.
   */
  find(key: string): { page: CachedPage; stale: boolean } | null {
    const page = this.pages.get(key);
    if (!page) return null;
    this.pages.delete(key);
    const age = this.now() - page.storedAt;
    if (age >= this.limits.maxAgeMs + (this.limits.staleMs ?? 0)) {
      this.bytes -= page.bytes + key.length;
      return null;
    }
    this.pages.set(key, page);
    return { page, stale: age >= this.limits.maxAgeMs };
  }

  /** The render of this key's page under way, if any. */
  rendering(key: string): PageRender | null {
    return this.renders.get(key) ?? null;
  }

  /** Records that this key's page is being rendered; the caller settles it whatever happens. */
  startRender(key: string): PageRender {
    let settle!: (page: CachedPage | null) => void;
    const page = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    const render: PageRender = {
      page,
      settle: (kept) => {
        if (this.renders.get(key) === render) this.renders.delete(key);
        settle(kept);
      },
    };
    this.renders.set(key, render);
    return render;
  }

  /** Keeps the page unless the cache was emptied since its render began (generation) or it is too big. */
  store(key: string, page: CachedPage, generation: number): boolean {
    if (generation !== this.currentGeneration) return false;
    const cost = page.bytes + key.length;
    if (cost > this.limits.maxBytes) return false;
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += cost;
    for (const [oldest, kept] of this.pages) {
      if (this.pages.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= kept.bytes + oldest.length;
    }
    return true;
  }

  /** Drops every page: something any of them may show has changed. */
  clear(): void {
    this.pages.clear();
    this.bytes = 0;
    this.currentGeneration += 1;
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes + key.length;
  }
}
