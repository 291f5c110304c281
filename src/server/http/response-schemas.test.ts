import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { cataloguePageEndpoint, searchConfigEndpoint } from '../../shared/api/catalogue.ts';
import { postEndpoint, postListEndpoint, siteContentEndpoint } from '../../shared/api/content.ts';
import { orderLookupEndpoint, orderViewEndpoint } from '../../shared/api/orders.ts';
import { productEndpoint } from '../../shared/api/products.ts';
import { sizeChartEndpoint, sizeChartListEndpoint } from '../../shared/api/size-charts.ts';
import { websiteConfigEndpoint } from '../../shared/api/website-config.ts';
import { createOrderTestShop, line, type OrderTestShop } from '../orders/order-test-support.ts';
import { createDemoTestApp } from '../test-support.ts';

/** The web app's loaders read these answers through the schemas of src/shared: what the API says must pass them unchanged. */
describe('the API answers what the loaders schemas read', () => {
  let shop: Awaited<ReturnType<typeof createDemoTestApp>>;
  beforeAll(async () => {
    shop = await createDemoTestApp();
  });
  afterAll(() => shop.close());

  const answers = async (url: string, schema: z.ZodMiniType) => {
    const response = await shop.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: unknown }>();
    const parsed = schema.safeParse(data);
    expect(parsed.error).toBeUndefined();
    return { data, parsed: parsed.data };
  };

  it('site content, website config, the catalogue page and a product pass and come out as they went in', async () => {
    for (const [url, schema] of [
      ['/api/site-content/get/home', siteContentEndpoint.data],
      ['/api/site-content/get/no-such-page', siteContentEndpoint.data],
      ['/api/website-config', websiteConfigEndpoint.data],
      ['/api/page?path=%2Fshop%2Fmen', cataloguePageEndpoint.data],
      ['/api/products/10001', productEndpoint.data],
    ] as const) {
      const { data, parsed } = await answers(url, schema);
      expect(parsed).toEqual(data);
    }
  });

  it('posts, size charts and the search config pass', async () => {
    const list = await answers('/api/posts?kind=news&offset=0&limit=12', postListEndpoint.data);
    const first = postListEndpoint.data.parse(list.data).posts[0];
    expect(first).toBeDefined();
    await answers(`/api/posts/news/${first?.slug}`, postEndpoint.data);
    const charts = sizeChartListEndpoint.data.parse(
      (await answers('/api/size-charts', sizeChartListEndpoint.data)).data,
    );
    await answers(`/api/size-charts/${charts[0]?.name}`, sizeChartEndpoint.data);
    const config = await answers('/api/typesense-config', searchConfigEndpoint.data);
    expect(config.parsed).toEqual(config.data);
  });
});

describe('the order API answers what the order pages read', () => {
  let shop: OrderTestShop;
  beforeAll(async () => {
    shop = await createOrderTestShop();
  });
  afterAll(() => shop.close());

  it('an order’s view, after a cancellation too, and the lookup’s answer pass unchanged', async () => {
    const order = shop.orderOf(await shop.placeOrder(shop.cart([line(shop.sku, 2)])));
    const path = `/api/orders/${order.id}/${order.hash}`;
    for (const response of [
      await shop.app.inject({ method: 'GET', url: path }),
      await shop.post(`${path}/cancel`, {}),
    ]) {
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: unknown }>();
      expect(orderViewEndpoint.data.parse(data)).toEqual(data);
    }
    const lookup = await shop.post('/api/orders/lookup', { number: 999_999, email: 'nobody@example.com' });
    const { data } = lookup.json<{ data: unknown }>();
    expect(orderLookupEndpoint.data.parse(data)).toEqual(data);
  });
});
