import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_ID_PATTERN } from '../../shared/product-page.ts';
import { SIZE_GUIDE_NAME_PATTERN } from '../../shared/size-chart.ts';
import { buildProductDocuments } from '../catalogue/product-documents.ts';
import { listSizeCharts, readSizeChart } from '../content/size-chart-repository.ts';
import type { Db } from '../db/database.ts';
import { answerForEveryone, CONTENT_MAX_AGE_SECONDS, PRODUCT_MAX_AGE_SECONDS } from './cache-control.ts';
import { notFound } from './errors.ts';

interface ProductRoutesOptions {
  db: Db;
}

const productParams = z.object({ id: z.string() });

const sizeChartParams = z.object({
  sizeGuideName: z.string().regex(SIZE_GUIDE_NAME_PATTERN, 'sizeGuideName is not a size guide name'),
});

/** The product page's API: one product document, and the size guides (spec 2.1 and 2.4, section 7). */
export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (app, { db }) => {
  app.get('/products/:id', { schema: { params: productParams } }, async (request, reply) => {
    const { id } = request.params;
    // A malformed id names no product: the same 404 as an unknown one.
    if (!PRODUCT_ID_PATTERN.test(id)) throw notFound('That product');
    const [product] = await buildProductDocuments(db, [id]);
    if (!product) throw notFound('That product');
    answerForEveryone(reply, PRODUCT_MAX_AGE_SECONDS);
    return { data: product };
  });

  app.get('/size-charts', async (_request, reply) => {
    const charts = await listSizeCharts(db);
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return { data: charts };
  });

  app.get('/size-charts/:sizeGuideName', { schema: { params: sizeChartParams } }, async (request, reply) => {
    const chart = await readSizeChart(db, request.params.sizeGuideName);
    if (!chart) throw notFound('That size guide');
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return { data: chart };
  });
};
