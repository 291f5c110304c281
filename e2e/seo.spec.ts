import { expect, test, type APIRequestContext } from '@playwright/test';

/** The <loc> of every <url> or <sitemap> of a sitemap document. */
const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]?.replace(/&amp;/g, '&') ?? '');

/** The href of every canonical link of a page's HTML. */
const canonicalsOf = (html: string) =>
  [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) => match[1]?.replace(/&amp;/g, '&') ?? '');

async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const robots = await (await request.get('/robots.txt')).text();
  const sitemap = /^Sitemap: (.+)$/m.exec(robots)?.[1] ?? '';
  expect(sitemap).toMatch(/\/sitemap\.xml$/);
  const urls: string[] = [];
  for (const part of locsOf(await (await request.get(sitemap)).text())) {
    const response = await request.get(part);
    expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
    urls.push(...locsOf(await response.text()));
  }
  return urls;
}

test.describe('what search engines read', () => {
  test('every page the sitemap lists answers and names itself its one canonical address', async ({ request }) => {
    test.setTimeout(120_000);
    const urls = await sitemapUrls(request);
    const products = urls.filter((url) => new URL(url).pathname.startsWith('/s/'));
    const catalogue = urls.filter((url) => new URL(url).pathname.startsWith('/shop'));
    expect(products.length).toBeGreaterThan(100);
    expect(catalogue.length).toBeGreaterThan(10);
    // Every page but the catalogue's and the products', and a few of those.
    const pages = [
      ...urls.filter((url) => !products.includes(url) && !catalogue.includes(url)),
      ...catalogue.slice(0, 3),
      ...products.slice(0, 5),
    ];
    for (const url of pages) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(canonicalsOf(await response.text()), url).toEqual([url]);
    }
  });

  test('a post shares its title, picture and address as an article', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const posts = (await sitemapUrls(page.request)).filter((url) => new URL(url).pathname.startsWith('/news/'));
    await page.goto(posts[0] ?? '');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', posts[0] ?? '');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', posts[0] ?? '');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title ?? '');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/127\.0\.0\.1:\d+\//);
    await context.close();
  });

  test('a page kept out of search engines names no canonical address', async ({ request }) => {
    for (const path of ['/login', '/checkout', '/account-create']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(canonicalsOf(html), path).toEqual([]);
    }
  });
});
