/**
 * The shop's sitemap (sitemaps.org): /sitemap.xml is an index of parts of at most partSize URLs each, one series
 * of parts for the pages (home, catalogue, static and campaign pages, post lists, size guides), one for the posts
 * and one for the products listed in the catalogue. Rows are read a page at a time, and a part reads only its own
 * rows, so 100,000 products never sit in memory at once. What was built is kept until the products, the content
 * or the set of published posts change, which three small reads tell on every request, on every server.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { contentPath, PATHS, postListPath, productUrl, sizeGuidePath } from '../../../shared/paths.ts';
import { POST_KINDS, type PostKind } from '../../../shared/post.ts';
import { isCataloguePageSlug, isContentPageSlug, SITEMAP_PATH } from '../../../shared/seo.ts';
import { lastProductChangeSeq } from '../../catalogue/product-changes.ts';
import type { Db } from '../../db/database.ts';
import { lastContentChangeSeq } from '../content-changes.ts';
import { escapeXml, MAX_LOC_LENGTH, sitemapIndexXml, urlsetXml, w3cDatetime, type SitemapUrl } from './sitemap-xml.ts';

/**
 * URLs a part lists at most: a fifth of the protocol's 50,000, so a part of the longest URLs it allows (2,048
 * characters) stays near 21 MB, under its 50 MB, and a crawler's request for one is a short piece of work.
 */
export const SITEMAP_PART_SIZE = 10_000;
/** Rows read from the database at once. */
const ROWS_PER_READ = 1000;
/** Parts kept built at once: a crawler reads them in turn, so those read long ago are let go. */
const PARTS_KEPT = 12;

/** A page the sitemap lists: its path on the shop and when it last changed (W3C Datetime, or null). */
interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

const SECTION_NAMES = ['pages', 'posts', 'products'] as const;
type SectionName = (typeof SECTION_NAMES)[number];

/** One series of parts: the newest time of each of its parts, and the entries of one part. */
interface SitemapSection {
  partTimes(size: number): Promise<Array<string | null>>;
  entries(part: number, size: number): AsyncIterable<SitemapEntry>;
}

/** A sitemap document as served: its XML, a validator of its content and the time its newest page changed. */
export interface SitemapFile {
  xml: string;
  etag: string;
  lastModified: Date | null;
}

export interface SitemapOptions {
  db: Db;
  /** The shop's public origin, which every URL is absolute on. */
  publicUrl: string;
  brand: string;
  partSize?: number;
  now?: () => Date;
}

const newest = (a: string | null, b: string | null): string | null => (a === null || (b !== null && b > a) ? b : a);

/** The rows of a keyed read, a page of ROWS_PER_READ at a time, each page read after the last row of the one before. */
async function* inPages<Row>(readPage: (after: Row | undefined) => Promise<Row[]>): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const rows = await readPage(after);
    yield* rows;
    if (rows.length < ROWS_PER_READ) return;
    after = rows.at(-1);
  }
}

/** A section small enough to be read from its start for any part: the pages and the posts. */
function sectionOf(all: () => AsyncGenerator<SitemapEntry>): SitemapSection {
  return {
    async partTimes(size) {
      const times: Array<string | null> = [];
      let index = 0;
      for await (const entry of all()) {
        const part = Math.floor(index++ / size);
        times[part] = newest(times[part] ?? null, entry.lastmod);
      }
      return times;
    },
    async *entries(part, size) {
      let index = 0;
      for await (const entry of all()) {
        if (index >= (part + 1) * size) return;
        if (index++ >= part * size) yield entry;
      }
    },
  };
}

function pagesSection(db: Db, brand: string, now: () => Date): SitemapSection {
  return sectionOf(async function* () {
    const home = await db.selectFrom('site_content').select('updated_at').where('slug', '=', 'home').executeTakeFirst();
    yield { path: PATHS.home, lastmod: w3cDatetime(home?.updated_at) };
    const newestPosts = await db
      .selectFrom('posts')
      .select(['kind', (eb) => eb.fn.max('published_at').as('published_at')])
      .where('published_at', '<=', now().toISOString())
      .groupBy('kind')
      .execute();
    for (const kind of POST_KINDS) {
      const published = newestPosts.find((row) => row.kind === kind)?.published_at;
      yield { path: postListPath(kind, brand), lastmod: w3cDatetime(published) };
    }
    yield { path: PATHS.giftCards, lastmod: null };
    yield { path: PATHS.sizeGuides, lastmod: null };
    const pages = inPages<{ slug: string; updated_at: string }>((after) => {
      let query = db.selectFrom('site_content').select(['slug', 'updated_at']).orderBy('slug').limit(ROWS_PER_READ);
      if (after) query = query.where('slug', '>', after.slug);
      return query.execute();
    });
    for await (const page of pages) {
      if (isCataloguePageSlug(page.slug) || isContentPageSlug(page.slug, brand))
        yield { path: contentPath(page.slug), lastmod: w3cDatetime(page.updated_at) };
    }
    const sizeCharts = inPages<{ name: string }>((after) => {
      let query = db.selectFrom('size_charts').select('name').orderBy('name').limit(ROWS_PER_READ);
      if (after) query = query.where('name', '>', after.name);
      return query.execute();
    });
    for await (const chart of sizeCharts) yield { path: sizeGuidePath(chart.name), lastmod: null };
  });
}

const isPostKind = (kind: string): kind is PostKind => (POST_KINDS as readonly string[]).includes(kind);

/** Published posts at their list's path. */
function postsSection(db: Db, brand: string, now: () => Date): SitemapSection {
  return sectionOf(async function* () {
    const published = now().toISOString();
    const posts = inPages<{ id: string; kind: string; slug: string; published_at: string }>((after) => {
      let query = db
        .selectFrom('posts')
        .select(['id', 'kind', 'slug', 'published_at'])
        .where('published_at', '<=', published)
        .orderBy('id')
        .limit(ROWS_PER_READ);
      if (after) query = query.where('id', '>', after.id);
      return query.execute();
    });
    for await (const post of posts) {
      if (isPostKind(post.kind))
        yield { path: `${postListPath(post.kind, brand)}/${post.slug}`, lastmod: w3cDatetime(post.published_at) };
    }
  });
}

/** The products listed in the catalogue (show_on_plp) at their canonical paths, in the order of their ids. */
function productsSection(db: Db): SitemapSection {
  const listed = () => db.selectFrom('products').where('show_on_plp', '=', 1);
  return {
    async partTimes(size) {
      // One pass numbers the listed products and takes the newest change of each run of `size` of them.
      const numbered = listed()
        .select(['updated_at', sql<number>`(row_number() over (order by id) - 1) / ${sql.lit(size)}`.as('part')])
        .as('numbered');
      const rows = await db
        .selectFrom(numbered)
        .select(['part', (eb) => eb.fn.max('updated_at').as('updated_at')])
        .groupBy('part')
        .orderBy('part')
        .execute();
      return rows.map((row) => w3cDatetime(row.updated_at));
    },
    async *entries(part, size) {
      let left = size;
      let after: string | null = null;
      while (left > 0) {
        let query = listed().select(['id', 'slug', 'updated_at']).orderBy('id').limit(Math.min(ROWS_PER_READ, left));
        // The part's first rows are found by their number, the rest after the last row read.
        query = after === null ? query.offset(part * size) : query.where('id', '>', after);
        const rows = await query.execute();
        for (const row of rows) yield { path: productUrl(row.id, row.slug), lastmod: w3cDatetime(row.updated_at) };
        if (rows.length < Math.min(ROWS_PER_READ, left)) return;
        left -= rows.length;
        after = rows.at(-1)?.id ?? null;
      }
    },
  };
}

/** What a URL path may not hold as it is (WHATWG's path percent-encode set, and anything beyond ASCII). */
const OUTSIDE_URL_PATH = /[\p{Cc} "#<>?`{}\u0080-\u{10ffff}]/gu;
/** A character's UTF-8 bytes percent-encoded; a lone surrogate is U+FFFD, as the URL parser makes it. */
const percentEncoded = (character: string) =>
  /^[\ud800-\udfff]$/.test(character) ? '%EF%BF%BD' : encodeURIComponent(character);

const fileOf = (xml: string, lastmod: string | null): SitemapFile => ({
  xml,
  etag: `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`,
  lastModified: lastmod ? new Date(lastmod) : null,
});

const partPath = (section: SectionName, number: number) => `/sitemap-${section}-${number}.xml`;

/** What was built for one state of the database: the index and its parts' times, and the parts asked for lately. */
interface Built {
  version: string;
  layout: Promise<{ index: SitemapFile; partTimes: Map<SectionName, Array<string | null>> }>;
  parts: Map<string, Promise<SitemapFile>>;
}

export class Sitemap {
  private readonly db: Db;
  private readonly origin: string;
  private readonly partSize: number;
  private readonly now: () => Date;
  private readonly sections: Record<SectionName, SitemapSection>;
  private built: Built | null = null;

  constructor({ db, publicUrl, brand, partSize = SITEMAP_PART_SIZE, now = () => new Date() }: SitemapOptions) {
    this.db = db;
    this.origin = new URL(publicUrl).origin;
    if (!Number.isInteger(partSize) || partSize < 1)
      throw new Error(`A sitemap part lists one URL or more, not ${partSize}`);
    this.partSize = partSize;
    this.now = now;
    this.sections = {
      pages: pagesSection(db, brand, now),
      posts: postsSection(db, brand, now),
      products: productsSection(db),
    };
  }

  /** The document at a path: /sitemap.xml, one of its parts, or null for any other path or a part that is not. */
  async file(path: string): Promise<SitemapFile | null> {
    const built = await this.current();
    const { index, partTimes } = await built.layout;
    if (path === SITEMAP_PATH) return index;
    const named = /^\/sitemap-([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(path);
    const section = SECTION_NAMES.find((name) => name === named?.[1]);
    const number = Number(named?.[2]);
    if (!section || number > (partTimes.get(section)?.length ?? 0)) return null;
    const kept = built.parts.get(path);
    if (kept) {
      // Read lately: the last to be let go.
      built.parts.delete(path);
      built.parts.set(path, kept);
      return kept;
    }
    const part = this.forget(built.parts, path, this.buildPart(section, number));
    built.parts.set(path, part);
    if (built.parts.size > PARTS_KEPT) built.parts.delete(built.parts.keys().next().value ?? '');
    return part;
  }

  /** What was built for the database as it is now, or a fresh start when it changed since. */
  private async current(): Promise<Built> {
    const version = await this.version();
    if (this.built?.version === version) return this.built;
    const built: Built = { version, layout: this.buildLayout(), parts: new Map() };
    // A failed build is not kept: the next request tries again.
    built.layout.catch(() => {
      if (this.built === built) this.built = null;
    });
    this.built = built;
    return built;
  }

  /**
   * Changes whenever what the sitemap lists may have: the product change feed and the content change counter
   * move with every write, and the count of published posts when a post's publication time comes.
   */
  private async version(): Promise<string> {
    const [products, content, posts] = await Promise.all([
      lastProductChangeSeq(this.db),
      lastContentChangeSeq(this.db),
      this.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('published'))
        .where('published_at', '<=', this.now().toISOString())
        .executeTakeFirstOrThrow(),
    ]);
    return `${products}.${content}.${Number(posts.published)}`;
  }

  private async buildLayout(): Promise<Awaited<Built['layout']>> {
    const partTimes = new Map<SectionName, Array<string | null>>();
    const parts: SitemapUrl[] = [];
    for (const name of SECTION_NAMES) {
      const times = await this.sections[name].partTimes(this.partSize);
      partTimes.set(name, times);
      times.forEach((lastmod, index) => parts.push({ loc: this.absolute(partPath(name, index + 1)), lastmod }));
    }
    const lastmod = parts.reduce<string | null>((time, part) => newest(time, part.lastmod), null);
    return { index: fileOf(sitemapIndexXml(parts), lastmod), partTimes };
  }

  private async buildPart(section: SectionName, number: number): Promise<SitemapFile> {
    const urls: SitemapUrl[] = [];
    let lastmod: string | null = null;
    for await (const entry of this.sections[section].entries(number - 1, this.partSize)) {
      const loc = this.absolute(entry.path);
      // The protocol bounds a URL's length; a longer one could not be read from the sitemap anyway.
      if (escapeXml(loc).length > MAX_LOC_LENGTH) continue;
      urls.push({ loc, lastmod: entry.lastmod });
      lastmod = newest(lastmod, entry.lastmod);
    }
    return fileOf(urlsetXml(urls), lastmod);
  }

  /** A part whose build fails is let go, so the next request builds it again. */
  private forget(parts: Built['parts'], path: string, part: Promise<SitemapFile>): Promise<SitemapFile> {
    part.catch(() => {
      if (parts.get(path) === part) parts.delete(path);
    });
    return part;
  }

  /**
   * A path of the shop as an absolute URL on its public origin, percent-encoded as the URL parser encodes a path.
   * Joined rather than parsed: parsing took a sixth of a 10,000-URL part's time.
   */
  private absolute(path: string): string {
    return `${this.origin}${path.replace(OUTSIDE_URL_PATH, percentEncoded)}`;
  }
}
