import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postListPath, productUrl } from '../../../shared/paths.ts';
import type { PostKind } from '../../../shared/post.ts';
import { CRAWLER_DISALLOWED_PATHS } from '../../../shared/seo.ts';
import { recordProductChanges } from '../../catalogue/product-changes.ts';
import { createDemoTestApp } from '../../test-support.ts';
import { recordContentChange } from '../content-changes.ts';
import { Sitemap } from './sitemap.ts';

const ORIGIN = 'https://shop.example.com';
const W3C_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const UNESCAPED = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" } as const;

interface Listed {
  loc: string;
  lastmod: string | null;
}

/** The <loc> and <lastmod> of every <url> or <sitemap> of a document, entities read back. */
function listed(xml: string): Listed[] {
  const unescape = (text: string) => text.replace(/&\w+;/g, (entity) => UNESCAPED[entity as keyof typeof UNESCAPED]);
  return [
    ...xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/(?:url|sitemap)>/g),
  ].map((match) => ({ loc: unescape(match[1] ?? ''), lastmod: match[2] ?? null }));
}

const pathOf = (loc: string) => loc.slice(ORIGIN.length);

describe('the sitemap and robots.txt', () => {
  let shop: Awaited<ReturnType<typeof createDemoTestApp>>;
  beforeAll(async () => {
    shop = await createDemoTestApp(120, { configOverrides: { publicUrl: ORIGIN } });
  });
  afterAll(() => shop.close());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

  /** Every URL the sitemap lists, read through its index and each of its parts. */
  async function everyUrl(): Promise<Listed[]> {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const urls: Listed[] = [];
    for (const part of listed(index.body)) {
      const response = await get(pathOf(part.loc));
      expect(response.statusCode).toBe(200);
      urls.push(...listed(response.body));
    }
    return urls;
  }

  const listedProductPaths = async () =>
    (await shop.db.selectFrom('products').select(['id', 'slug']).where('show_on_plp', '=', 1).execute()).map((row) =>
      productUrl(row.id, row.slug),
    );

  it('lists home, the catalogue, static and campaign pages, post lists, published posts and listed products', async () => {
    const urls = await everyUrl();
    const paths = urls.map((url) => pathOf(url.loc));
    expect(urls.every((url) => url.loc.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/shop',
        '/shop/men',
        '/shop/women/bralettes',
        '/about',
        '/privacy',
        '/return-exchange-policy',
        '/4th-of-july',
        '/contest/ultimate',
        '/news',
        '/acme-life',
        '/the-familie',
        '/giftcards',
        '/size-guides',
        '/size-guides/boxer-briefs',
      ]),
    );

    const posts = await shop.db
      .selectFrom('posts')
      .select(['kind', 'slug'])
      .where('published_at', '<=', new Date().toISOString())
      .execute();
    expect(posts.length).toBeGreaterThan(0);
    const postPaths = posts.map((post) => `${postListPath(post.kind as PostKind, 'acme')}/${post.slug}`);
    expect(paths).toEqual(expect.arrayContaining(postPaths));

    const productPaths = paths.filter((path) => path.startsWith('/s/'));
    expect(productPaths.sort()).toEqual((await listedProductPaths()).sort());
    const hidden = await shop.db.selectFrom('products').select(['id', 'slug']).where('show_on_plp', '=', 0).execute();
    expect(hidden.length).toBeGreaterThan(0);
    expect(paths).not.toContain(productUrl(hidden[0]?.id ?? '', hidden[0]?.slug ?? ''));
  });

  it('gives every page a lastmod from its row, in W3C Datetime', async () => {
    const urls = await everyUrl();
    for (const { lastmod } of urls) if (lastmod !== null) expect(lastmod).toMatch(W3C_SECONDS);
    const product = await shop.db
      .selectFrom('products')
      .select(['id', 'slug', 'updated_at'])
      .where('show_on_plp', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const at = (path: string) => urls.find((url) => url.loc === `${ORIGIN}${path}`)?.lastmod;
    expect(at(productUrl(product.id, product.slug))).toBe(
      new Date(product.updated_at).toISOString().slice(0, 19) + 'Z',
    );
    const about = await shop.db
      .selectFrom('site_content')
      .select('updated_at')
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    expect(at('/about')).toBe(new Date(about.updated_at).toISOString().slice(0, 19) + 'Z');
    const newestNews = await shop.db
      .selectFrom('posts')
      .select('published_at')
      .where('kind', '=', 'news')
      .where('published_at', '<=', new Date().toISOString())
      .orderBy('published_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(at('/news')).toBe(new Date(newestNews.published_at).toISOString().slice(0, 19) + 'Z');
    const index = listed((await get('/sitemap.xml')).body);
    for (const { lastmod } of index) expect(lastmod).toMatch(W3C_SECONDS);
  });

  it('lists no page kept out of search engines, nor the home content slug or the previews', async () => {
    const paths = (await everyUrl()).map((url) => pathOf(url.loc));
    for (const kept of [...CRAWLER_DISALLOWED_PATHS, '/login', '/account', '/checkout', '/order/', '/home'])
      expect(paths.filter((path) => path.startsWith(kept))).toEqual([]);
    expect(paths).not.toContain('/order');
  });

  it('answers robots.txt: the shop open, noindex pages and the APIs closed, the sitemap named', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Disallow: /account',
        'Disallow: /login',
        'Disallow: /checkout',
        'Disallow: /giftcards/checkout',
        'Disallow: /order/',
        'Disallow: /api/',
        'Disallow: /session-api/',
        'Disallow: /search/',
        'Allow: /',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });

  it('answers a crawler that has the current sitemap with 304, and an unknown part with 404', async () => {
    const first = await get('/sitemap.xml');
    expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex')).toBe(true);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/sitemap.xml', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get('/sitemap.xml', { 'if-none-match': '"another"' })).statusCode).toBe(200);
    const part = await get('/sitemap-products-1.xml');
    expect(part.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect((await get('/sitemap-products-1.xml', { 'if-none-match': String(part.headers.etag) })).statusCode).toBe(304);
    for (const unknown of ['/sitemap-products-2.xml', '/sitemap-products-0.xml', '/sitemap-orders-1.xml', '/sitemap-x'])
      expect((await get(unknown)).statusCode).toBe(404);
  });

  it('splits each series into parts of the size it is given, which together list every URL once', async () => {
    const whole = (await everyUrl()).map((url) => url.loc).sort();
    const sitemap = new Sitemap({ db: shop.db, publicUrl: ORIGIN, brand: 'acme', partSize: 25 });
    const index = await sitemap.file('/sitemap.xml');
    const parts = listed(index?.xml ?? '');
    const products = (await listedProductPaths()).length;
    expect(parts.filter((part) => part.loc.includes('/sitemap-products-'))).toHaveLength(Math.ceil(products / 25));
    expect(parts.map((part) => pathOf(part.loc))).toEqual(
      expect.arrayContaining(['/sitemap-pages-1.xml', '/sitemap-pages-2.xml', '/sitemap-posts-1.xml']),
    );
    const split: string[] = [];
    for (const part of parts) {
      const file = await sitemap.file(pathOf(part.loc));
      const urls = listed(file?.xml ?? '');
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(25);
      // The index's time of a part is the newest of its pages'.
      expect(part.lastmod).toBe(
        urls
          .map((url) => url.lastmod ?? '')
          .sort()
          .at(-1) || null,
      );
      split.push(...urls.map((url) => url.loc));
    }
    expect(split.sort()).toEqual(whole);
  });

  it('keeps what it built until the products, the content or the published posts change', async () => {
    let now = new Date();
    const sitemap = new Sitemap({ db: shop.db, publicUrl: ORIGIN, brand: 'acme', now: () => now });
    const part = await sitemap.file('/sitemap-posts-1.xml');
    expect(await sitemap.file('/sitemap-posts-1.xml')).toBe(part);

    const publishedAt = new Date(now.getTime() + 60_000);
    await shop.db
      .insertInto('posts')
      .values({
        id: 'post-coming-soon',
        kind: 'news',
        slug: 'coming-soon',
        title: 'Coming soon',
        excerpt: 'A post whose time has not come.',
        content: '<p>Soon.</p>',
        image: '{}',
        published_at: publishedAt.toISOString(),
      })
      .execute();
    expect((await sitemap.file('/sitemap-posts-1.xml'))?.xml).not.toContain('/news/coming-soon');
    now = new Date(publishedAt.getTime() + 1000);
    expect((await sitemap.file('/sitemap-posts-1.xml'))?.xml).toContain(`${ORIGIN}/news/coming-soon<`);

    const pages = await sitemap.file('/sitemap-pages-1.xml');
    await shop.db.transaction().execute(async (trx) => {
      await trx.updateTable('site_content').set({ slug: 'tour-merch-2027' }).where('slug', '=', 'tour-merch').execute();
      await trx
        .insertInto('site_content')
        .values({
          id: 'content-about-us',
          name: 'About us',
          slug: 'about-us',
          meta_title: '',
          meta_description: '',
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          updated_by: 'test',
        })
        .execute();
      await recordContentChange(trx);
    });
    const changed = await sitemap.file('/sitemap-pages-1.xml');
    expect(changed).not.toBe(pages);
    // Neither slug has a route of its own: a page there would be the not-found page.
    expect(changed?.xml).not.toContain('/tour-merch');
    expect(changed?.xml).not.toContain('/about-us');
  });

  it('escapes the XML special characters of a URL, and follows a product change', async () => {
    const product = await shop.db
      .selectFrom('products')
      .select('id')
      .where('show_on_plp', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = (await get('/sitemap-products-1.xml')).body;
    await shop.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({ slug: `tom-&-jerry's-"best"-<socks>` })
        .where('id', '=', product.id)
        .execute();
      await recordProductChanges(trx, [product.id]);
    });
    const after = (await get('/sitemap-products-1.xml')).body;
    expect(after).not.toBe(before);
    expect(after).toContain(`<loc>${ORIGIN}/s/${product.id}/tom-&amp;-jerry&apos;s-%22best%22-%3Csocks%3E</loc>`);
    // Every & begins an entity, and no < or > is left inside a value.
    expect(after).not.toMatch(/&(?!amp;|apos;|quot;|lt;|gt;)/);
    expect(after).not.toMatch(/<loc>[^<]*[>"'][^<]*<\/loc>/);
  });
});
