import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSlug } from '../../shared/product-page.ts';
import type { ProductDocument } from '../../shared/product.ts';
import type { SizeChart, SizeChartSummary } from '../../shared/size-chart.ts';
import { createDemoTestApp } from '../test-support.ts';

describe('the product and size guide API on the demo store', () => {
  let shop: Awaited<ReturnType<typeof createDemoTestApp>>;
  beforeAll(async () => {
    shop = await createDemoTestApp();
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });
  const product = async (id: string) => (await get(`/api/products/${id}`)).json<{ data: ProductDocument }>().data;

  it('marks the catalogue’s and content’s answers as the same for everyone, and no error or session answer', async () => {
    const row = await shop.db.selectFrom('products').select('id').limit(1).executeTakeFirstOrThrow();
    const shared = {
      [`/api/products/${row.id}`]: 'public, max-age=10',
      '/api/size-charts': 'public, max-age=60',
      '/api/size-charts/boxer-briefs': 'public, max-age=60',
      '/api/page?path=/shop/women': 'public, max-age=60',
      '/api/website-config': 'public, max-age=60',
      '/api/typesense-config': 'public, max-age=60',
      '/api/site-content/get/home': 'public, max-age=60',
      '/api/posts?kind=news': 'public, max-age=60',
    };
    for (const [url, cacheControl] of Object.entries(shared)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
    }
    for (const url of [
      '/api/products/99999999',
      '/api/size-charts/no-such-guide',
      '/api/page?path=/shop/no-such-page',
    ]) {
      expect((await get(url)).headers['cache-control'], url).toBeUndefined();
    }
    // A session's answers are the shopper's own: never kept by a browser's or a proxy's cache.
    expect((await get('/session-api/refresh-user')).headers['cache-control']).toBe('private, no-store');
  });

  it('serves a product document built from the database, with its stock, lengths and colourways', async () => {
    const row = await shop.db
      .selectFrom('products')
      .select(['id', 'slug', 'style_id', 'price_cents', 'subcategory'])
      .where('style_id', '=', 'UPMH1000')
      .executeTakeFirstOrThrow();
    const response = await get(`/api/products/${row.id}`);
    expect(response.statusCode).toBe(200);
    const document = response.json<{ data: ProductDocument }>().data;
    expect(document).toMatchObject({ _id: row.id, id: row.id, style_id: 'UPMH1000', price: row.price_cents / 100 });
    expect(productSlug(document)).toBe(row.slug);
    // The bag's first add reads the line's category from the document, as the pricing reads it from the row.
    expect(document.subcategory).toBe(row.subcategory);
    const skus = await shop.db
      .selectFrom('skus')
      .select(['sku', 'qty'])
      .where('product_id', '=', row.id)
      .orderBy('position')
      .execute();
    expect(document.skus.map(({ sku, qty }) => ({ sku, qty }))).toEqual(skus);
    expect(document.total_quantity).toBe(skus.reduce((sum, sku) => sum + sku.qty, 0));
    expect(document.skus.some((sku) => sku.size === 'M')).toBe(true);
    // The UPMH boxer briefs come in several lengths and colourways, each with its own page.
    expect(document.variants.length).toBeGreaterThan(1);
    expect(document.variants.some((variant) => variant._id === row.id)).toBe(true);
    expect(document.swatch_products.length).toBeGreaterThan(1);
    for (const swatch of document.swatch_products) expect(swatch.url).toMatch(/^\/s\/\d+\//);
    expect(document.size_chart_name).toBe('boxer-briefs');
  });

  it('reads stock changes straight from the database', async () => {
    const sku = await shop.db
      .selectFrom('skus')
      .select(['sku', 'product_id'])
      .where('qty', '>', 0)
      .executeTakeFirstOrThrow();
    await shop.db.updateTable('skus').set({ qty: 0 }).where('sku', '=', sku.sku).execute();
    const document = await product(sku.product_id);
    expect(document.skus.find((candidate) => candidate.sku === sku.sku)?.qty).toBe(0);
  });

  it('says which products are final sale, as the bag’s pricing reads them', async () => {
    const rows = await shop.db
      .selectFrom('products')
      .select(['id', 'final_sale'])
      .orderBy('final_sale', 'desc')
      .execute();
    const finalSale = rows.find((row) => row.final_sale === 1);
    const returnable = rows.find((row) => row.final_sale === 0);
    expect((await product(finalSale?.id ?? '')).final_sale).toBe(true);
    expect((await product(returnable?.id ?? '')).final_sale).toBe(false);
  });

  it('answers an unknown or malformed product id with 404 and an error', async () => {
    for (const id of ['99999999', 'no-such-product', '-dash-first', 'a'.repeat(80), "1'%20OR%201=1"]) {
      const response = await get(`/api/products/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json<{ error: string }>().error).toBe('That product was not found');
    }
  });

  it('lists the size guides in their order', async () => {
    const response = await get('/api/size-charts');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ data: SizeChartSummary[] }>().data;
    expect(list.length).toBeGreaterThan(10);
    expect(list[0]).toEqual({ name: 'boxer-briefs', display_name: 'Boxer Briefs', category_name: 'Underwear' });
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['category_name', 'display_name', 'name']);
  });

  it('serves one size guide with its images and its table', async () => {
    const response = await get('/api/size-charts/boxer-briefs');
    expect(response.statusCode).toBe(200);
    const chart = response.json<{ data: SizeChart }>().data;
    expect(chart).toMatchObject({
      display_name: 'Boxer Briefs',
      category_name: 'Underwear',
      meta_title: 'Boxer Briefs Size Guide',
      subheader: expect.stringContaining('natural waist'),
      meta_description: expect.any(String),
    });
    expect(chart.images.length).toBeGreaterThan(0);
    for (const image of chart.images) {
      expect(image).toEqual({
        url: expect.stringMatching(/^\/media\//),
        width: 800,
        height: 800,
        title: expect.any(String),
      });
    }
    expect(chart.content).toMatch(/^<table><thead><tr><th>Size<\/th>/);
  });

  it('sanitizes the stored table and skips stored images that are not images', async () => {
    await shop.db
      .updateTable('size_charts')
      .set({
        content:
          '<table><tr><td onclick="steal()">M<script>alert(1)</script></td></tr></table><a href="javascript:alert(1)">x</a>',
        images: JSON.stringify([{ url: '/media/a.svg', width: 10, height: 10, title: 'A' }, { url: 42 }, 'nonsense']),
      })
      .where('name', '=', 'briefs')
      .execute();
    const chart = (await get('/api/size-charts/briefs')).json<{ data: SizeChart }>().data;
    expect(chart.content).not.toMatch(/script|onclick|javascript/i);
    expect(chart.content).toContain('<td>M</td>');
    expect(chart.images).toEqual([{ url: '/media/a.svg', width: 10, height: 10, title: 'A' }]);
  });

  it('answers an unknown size guide with 404 and a malformed name with 400', async () => {
    const unknown = await get('/api/size-charts/no-such-guide');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'That size guide was not found' });
    for (const name of ['Boxer%20Briefs', '..%2Fsecrets', '-leading-dash', 'a'.repeat(101)]) {
      const malformed = await get(`/api/size-charts/${name}`);
      expect(malformed.statusCode, name).toBe(400);
      expect(malformed.json<{ error: string }>().error).toContain('sizeGuideName');
    }
  });
});
