/**
 * The cache of rendered pages (docs/decisions/019-rendered-page-cache.md). A page an anonymous visitor asks for
 * is the same HTML for every anonymous visitor of its address but for the CSP nonce of its inline scripts, so
 * the HTML is kept cut where the render's nonce stood and each answer puts its own nonce in the cuts. The parts
 * are kept compressed: each is a raw deflate stream of its own ending byte-aligned, so a gzip answer is the
 * parts with the nonce between them as stored blocks, spliced without compressing anything again.
 */
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, inflateRawSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { SORT_PARAM } from '../../shared/catalogue-sort.ts';

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
}

export const PAGE_CACHE_LIMITS: PageCacheLimits = { maxEntries: 2000, maxBytes: 48 * 1024 * 1024, maxAgeMs: 60_000 };

/**
 * The query parameters pages read to choose what they show to everyone: the catalogue's selection, search,
 * page and order (shared/catalogue-search.ts), and the post lists' offset. Any other parameter (a form's flash
 * outcome, a bag link's lines and promo, a campaign's tags) may be meant for one visitor, and its page is
 * rendered afresh.
 */
const SHARED_QUERY_PARAMS: ReadonlySet<string> = new Set(['t', 'q', 'p', SORT_PARAM, 'offset']);

/**
 * The cache key of a request whose page may be shared, or null: only GETs of visitors without a session cookie,
 * whose query holds only shared parameters. Crawlers get whole pages rather than streamed ones, so they are
 * kept apart; the host is part of the key, so a forged Host header reaches only pages rendered for it.
 */
export function pageCacheKey(request: FastifyRequest, sessionCookieName: string): string | null {
  if (request.method !== 'GET' || request.cookies[sessionCookieName] !== undefined) return null;
  const queryStart = request.url.indexOf('?');
  if (queryStart >= 0) {
    for (const name of new URLSearchParams(request.url.slice(queryStart + 1)).keys()) {
      if (!SHARED_QUERY_PARAMS.has(name)) return null;
    }
  }
  const userAgent = request.headers['user-agent'];
  const reader = userAgent && isbot(userAgent) ? 'crawler' : 'visitor';
  return `${reader} ${request.host} ${request.url}`;
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
export const isSharedAnswer = (cacheControl: unknown): boolean => typeof cacheControl === 'string' && /\bpublic\b/.test(cacheControl);

export interface CachedPage {
  /** The page's headers, but those every answer sets for itself (Content-Security-Policy, length, encoding). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The HTML between the render's nonces, each part a raw deflate stream ending byte-aligned (a sync flush). */
  deflatedParts: readonly Buffer[];
  /** The length of the nonce the parts were cut at; every nonce has the same length. */
  nonceLength: number;
  /** The HTML's length with a nonce of that length in every cut. */
  htmlBytes: number;
  /** What makes the gzip trailer's checksum for any nonce (see zeroBytesOperator). */
  blankCrc: number;
  zeroNonceCrc: number;
  nonceCheck: Uint32Array;
  storedAt: number;
  /** What the page holds in memory. */
  bytes: number;
}

const deflateRawAsync = promisify(deflateRaw);
/** The most one page may be, uncompressed. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
/** The nonce goes between the parts as a stored block: header bits 000 (not last, stored), LEN, NLEN. */
const storedBlockHeader = (length: number): Buffer => Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
/** The last block: an empty stored block with BFINAL set. */
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** ID1 ID2, deflate, no flags, no modification time, no extra flags, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const HEADERS_EVERY_ANSWER_SETS = new Set(['content-security-policy', 'content-length', 'content-encoding', 'transfer-encoding', 'date']);

/**
 * The parts as views of one buffer of the page's own, of their size. zlib answers a small output as a view of its
 * 16 kB output buffer, so each part kept as zlib gave it held 16 kB: some 450 kB for a page counted as 45 kB.
 */
function keptTogether(parts: readonly Buffer[]): Buffer[] {
  const joined = Buffer.allocUnsafeSlow(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  return parts.map((part) => {
    const start = offset;
    offset += part.copy(joined, start);
    return joined.subarray(start, offset);
  });
}

/** The HTML cut at every occurrence of the nonce, each part compressed on its own (off the event loop). */
export async function cachedPageOf(html: Buffer, nonce: string, headers: Headers, now: number): Promise<CachedPage | null> {
  if (html.length > MAX_PAGE_BYTES || nonce.length === 0 || nonce.length > 0xffff) return null;
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  const nonceCheck = new Uint32Array(32);
  let start = 0;
  for (let found = html.indexOf(needle); found >= 0; found = html.indexOf(needle, start)) {
    parts.push(html.subarray(start, found));
    start = found + needle.length;
    zeroBytesOperator(html.length - start).forEach((column, bit) => {
      nonceCheck[bit] = (nonceCheck[bit] ?? 0) ^ column;
    });
  }
  parts.push(html.subarray(start));
  const deflatedParts = keptTogether(await Promise.all(parts.map((part) => deflateRawAsync(part, { finishFlush: constants.Z_SYNC_FLUSH }))));
  const kept: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    if (!HEADERS_EVERY_ANSWER_SETS.has(name) && name !== 'set-cookie') kept.push([name, value]);
  });
  const bytes = deflatedParts.reduce((sum, part) => sum + part.length, 0) + kept.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  const zeroNonceCrc = crc32(Buffer.alloc(needle.length));
  return {
    headers: kept,
    deflatedParts,
    nonceLength: needle.length,
    htmlBytes: html.length,
    blankCrc: (crc32(html) ^ gf2Times(nonceCheck, crc32(needle) ^ zeroNonceCrc)) >>> 0,
    zeroNonceCrc,
    nonceCheck,
    storedAt: now,
    bytes,
  };
}

/** The page's HTML with this nonce in every cut. */
export function pageHtml(page: CachedPage, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.deflatedParts.forEach((part, index) => {
    if (index > 0) pieces.push(needle);
    pieces.push(inflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }));
  });
  return Buffer.concat(pieces);
}

/** The page gzipped with this nonce in every cut, spliced from the kept parts without compressing. */
export function pageGzip(page: CachedPage, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  if (needle.length !== page.nonceLength) throw new Error('A page is answered with a nonce of the length it was cut at');
  const pieces: Buffer[] = [GZIP_HEADER];
  page.deflatedParts.forEach((part, index) => {
    if (index > 0) pieces.push(storedBlockHeader(needle.length), needle);
    pieces.push(part);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE((page.blankCrc ^ gf2Times(page.nonceCheck, crc32(needle) ^ page.zeroNonceCrc)) >>> 0, 0);
  trailer.writeUInt32LE(page.htmlBytes % 2 ** 32, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/*
 * The gzip trailer's CRC-32 of the whole HTML, without reading the HTML: for messages of one length,
 * crc(a) ^ crc(b) is the plain CRC (no initial value, no final xor) of a ^ b, and a ^ b is zero but where the
 * nonces stand. The plain CRC of a nonce followed by z zero bytes is a fixed linear map of the nonce's plain CRC
 * (zlib's crc32_combine), so the maps of every cut add up to one 32 x 32 bit matrix per page (nonceCheck), and
 * blankCrc is the CRC the HTML would have with zero bytes in the cuts.
 */

/** A 32 x 32 matrix over GF(2), as the images of its 32 unit vectors. */
type Gf2Matrix = Uint32Array;

function gf2Times(matrix: Gf2Matrix, vector: number): number {
  let sum = 0;
  for (let bit = 0, rest = vector >>> 0; rest !== 0; bit++, rest >>>= 1) if (rest & 1) sum ^= matrix[bit] ?? 0;
  return sum >>> 0;
}

/** first after second. */
const gf2Compose = (first: Gf2Matrix, second: Gf2Matrix): Gf2Matrix => second.map((column) => gf2Times(first, column));

/** What feeding this many zero bytes does to the plain CRC-32 register (reflected, polynomial 0xedb88320). */
function zeroBytesOperator(count: number): Gf2Matrix {
  let power: Gf2Matrix = new Uint32Array(32);
  power[0] = 0xedb88320;
  for (let bit = 1; bit < 32; bit++) power[bit] = 1 << (bit - 1);
  for (let doubling = 0; doubling < 3; doubling++) power = gf2Compose(power, power);
  let result: Gf2Matrix = Uint32Array.from({ length: 32 }, (_, bit) => 2 ** bit);
  for (let rest = count; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = gf2Compose(power, result);
    power = gf2Compose(power, power);
  }
  return result;
}

/** True when the Accept-Encoding header takes gzip (a q of 0 refuses it). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((item) => {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The pages kept, least recently served first. Emptying raises the generation: a render that began before
 * is not kept, since it may show what changed.
 */
export class RenderedPageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  private currentGeneration = 0;

  constructor(
    readonly limits: PageCacheLimits = PAGE_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.pages.size;
  }

  /** The kept page of this key, if any and not too old; it becomes the most recently served. */
  lookup(key: string): CachedPage | null {
    const page = this.pages.get(key);
    if (!page) return null;
    this.pages.delete(key);
    if (this.now() - page.storedAt >= this.limits.maxAgeMs) {
      this.bytes -= page.bytes + key.length;
      return null;
    }
    this.pages.set(key, page);
    return page;
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
