import type { FastifyPluginAsync } from 'fastify';
import { productEndpoint } from '../../shared/api/products.ts';
import { sizeChartEndpoint, sizeChartListEndpoint } from '../../shared/api/size-charts.ts';
import { PRODUCT_ID_PATTERN } from '../../shared/product-page.ts';
import { buildProductDocuments } from '../catalogue/product-documents.ts';
import { listSizeCharts, readSizeChart } from '../content/size-chart-repository.ts';
import type { Db } from '../db/database.ts';
import { answerForEveryone, CONTENT_MAX_AGE_SECONDS, PRODUCT_MAX_AGE_SECONDS } from './cache-control.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';

interface ProductRoutesOptions {
  db: Db;
}

/** The product page's API: one product document, and the size guides (spec 2.1 and 2.4, section 7). */
export const productRoutes: FastifyPluginAsync<ProductRoutesOptions> = async (app, { db }) => {
  const noProduct = new Refusal(404, { error: 'That product was not found' });
  serveEndpoint(app, productEndpoint, async ({ params, reply }) => {
    // A malformed id names no product: the same 404 as an unknown one.
    if (!PRODUCT_ID_PATTERN.test(params.id)) return noProduct;
    const [product] = await buildProductDocuments(db, [params.id]);
    if (!product) return noProduct;
    answerForEveryone(reply, PRODUCT_MAX_AGE_SECONDS);
    return product;
  });

  serveEndpoint(app, sizeChartListEndpoint, async ({ reply }) => {
    const charts = await listSizeCharts(db);
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return charts;
  });

  serveEndpoint(app, sizeChartEndpoint, async ({ params, reply }) => {
    const chart = await readSizeChart(db, params.sizeGuideName);
    if (!chart) return new Refusal(404, { error: 'That size guide was not found' });
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return chart;
  });
};
