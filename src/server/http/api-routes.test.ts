import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../shared/content.ts';
import type { Post, PostSummary } from '../../shared/post.ts';
import { POST_PRODUCTS } from '../content/post-repository.ts';
import type { WebsiteConfig } from '../../shared/website-config.ts';
import { createDemoTestApp } from '../test-support.ts';

describe('the shop API on the demo store', () => {
  let shop: Awaited<ReturnType<typeof createDemoTestApp>>;
  beforeAll(async () => {
    shop = await createDemoTestApp();
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('serves the website config with brand-prefixed logos and the navigation tree', async () => {
    const response = await get('/api/website-config');
    expect(response.statusCode).toBe(200);
    const config = response.json<{ data: WebsiteConfig }>().data;
    expect(config.acme_logo?.url).toMatch(/^\/media\//);
    expect(config.acme_logo_dark?.url).toMatch(/^\/media\//);
    expect(config.domestic_free_shipping_amount).toBe(50);
    expect(config.shop_items_per_page).toBe(60);
    const men = config.navigation.find((node) => node._id === 'men');
    expect(men?.hash).toBe('nav:men');
    expect(men?.children[0]?.hash).toMatch(/^nav:men:/);
    expect(config.sitewide_messages.some((message) => message.message.includes('{countdown}'))).toBe(true);
  });

  it('serves the home page with nested blocks and the products of its product blocks', async () => {
    const response = await get('/api/site-content/get/home');
    const page = response.json<{ data: SiteContent }>().data;
    expect(page.slug).toBe('home');
    const types = new Set<string>();
    const visit = (blocks: SiteContent['blocks']) =>
      blocks.forEach((block) => {
        types.add(block.block_type);
        visit(block.blocks);
      });
    visit(page.blocks);
    expect([...types].sort()).toEqual(
      [
        'Container',
        'Curated Product',
        'Default',
        'Form',
        'Html',
        'Image Fader',
        'Image Scroll Snap',
        'Product',
        'Sign Up',
        'Tag Selector',
      ].sort(),
    );
    const productBlock = page.blocks.find(
      (block) => block.block_type === 'Product' && block.productData.products.length,
    );
    expect(productBlock?.productData.products[0]).toMatchObject({ url: expect.stringMatching(/^\/s\//) });
  });

  it('answers a page that does not exist with data null, and a hostile slug with 400', async () => {
    expect((await get('/api/site-content/get/nothing-here')).json()).toEqual({ data: null });
    const hostile = await get('/api/site-content/get/..%2F..%2Fetc');
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().error).toContain('slug');
  });

  it('lists posts newest first from an offset and serves one post', async () => {
    const first = (await get('/api/posts?kind=news')).json<{ data: { posts: PostSummary[]; total: number } }>().data;
    expect(first.posts.length).toBeGreaterThan(0);
    const dates = first.posts.map((post) => post.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await get('/api/posts?kind=news&offset=1')).json<{ data: { posts: PostSummary[] } }>().data;
    expect(second.posts[0]?._id).toBe(first.posts[1]?._id);
    const post = await get(`/api/posts/news/${first.posts[0]?.slug}`);
    expect(post.json().data.content).not.toMatch(/<script/i);
    expect((await get('/api/posts?kind=diary')).statusCode).toBe(400);
    expect((await get('/api/posts?kind=news&offset=-4')).statusCode).toBe(400);
    expect((await get('/api/posts/news/no-such-post')).statusCode).toBe(404);
  });

  it('serves a post with its byline and a product of each tag its writer named', async () => {
    const post = (await get('/api/posts/news/bras-finally')).json<{ data: Post }>().data;
    expect(post).toMatchObject({
      author: 'Maya Lindqvist',
      author_role: 'Head of Design',
      product_tags: ['Women', 'Heart Throb', 'Essentials Solid'],
    });
    expect(post.content).toMatch(/^<p>For years the most common e-mail in our inbox/);
    expect(post.products.length).toBeGreaterThan(0);
    expect(post.products.length).toBeLessThanOrEqual(POST_PRODUCTS);
    expect(new Set(post.products.map((product) => product._id)).size).toBe(post.products.length);
    // A product's facets hold its tags by group: each product shown carries one of the post's tags, the first the first.
    const tagsOf = (product: Post['products'][number]) => Object.values(product.facets).flat();
    for (const product of post.products)
      expect(
        post.product_tags.some((tag) => tagsOf(product).includes(tag)),
        product.name,
      ).toBe(true);
    expect(post.products[0] && tagsOf(post.products[0])).toContain('Women');
  });

  it('keeps a sign-up once and refuses a bad e-mail with the spec message', async () => {
    const post = (body: unknown) =>
      shop.app.inject({ method: 'POST', url: '/api/forms/footer-signup', payload: body as object });
    const ok = await post({ form_id: 'footer-signup', email: 'Shopper@Example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, messages: [{ type: 'success', text: 'Thanks for signing up!' }] });
    expect((await post({ email: 'shopper@example.com' })).statusCode).toBe(200);
    const rows = await shop.db.selectFrom('form_submissions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('shopper@example.com');

    const bad = await post({ email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Value is not a valid email address' });
    expect((await post({ email: 'a@b.co', admin: true })).statusCode).toBe(400);
    expect((await post({ email: 42 })).statusCode).toBe(400);
    expect(await shop.db.selectFrom('form_submissions').selectAll().execute()).toHaveLength(1);
  });

  it('takes submissions only for forms that exist, and stores nothing for an invented one', async () => {
    const before = await shop.db.selectFrom('form_submissions').selectAll().execute();
    for (const formId of ['invented', 'contest-ultimate', 'footer-signup-2']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}`,
        payload: { email: 'new@example.com' },
      });
      expect(response.statusCode, formId).toBe(404);
      expect(response.json(), formId).toEqual({ error: 'That form was not found' });
    }
    expect(await shop.db.selectFrom('form_submissions').selectAll().execute()).toEqual(before);
  });

  it('answers a request its route schema refuses with 400 and only {error}, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['/api/posts?kind=diary', 'kind: Invalid option: expected one of "news"|"life"|"familie"'],
      ['/api/posts?kind=news&limit=0', 'limit: Too small: expected number to be >=1'],
      ['/api/posts/diary/a-post', 'kind: Invalid option: expected one of "news"|"life"|"familie"'],
      ['/api/site-content/get/..%2Fetc', 'path: slug is not a page slug'],
    ];
    for (const [url, error] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error });
    }
    const noBody = await shop.app.inject({ method: 'POST', url: '/api/forms/footer-signup' });
    expect(noBody.statusCode).toBe(400);
    expect(Object.keys(noBody.json())).toEqual(['error']);
  });

  it('tells a guest it is not signed in', async () => {
    const response = await get('/session-api/refresh-user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'You are not signed in' });
  });
});
