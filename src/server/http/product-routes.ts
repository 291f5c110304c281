import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { PRODUCT_ID_PATTERN } from '../../shared/product-page.ts';
import { SIZE_GUIDE_NAME_PATTERN, type SizeChart, type SizeChartImage, type SizeChartSummary } from '../../shared/size-chart.ts';
import { buildProductDocuments } from '../catalogue/product-documents.ts';
import { sanitizeContentHtml } from '../content/sanitize.ts';
import type { Db } from '../db/database.ts';
import { notFound } from './errors.ts';

interface ProductRoutesOptions {
  db: Db;
}

const imageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  title: z.string().catch(''),
});

/** The stored images of a chart; entries that are not images are left out rather than failing the guide. */
function parseImages(json: string): SizeChartImage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const image = imageSchema.safeParse(entry);
    return image.success ? [image.data] : [];
  });
}

/** The product page's API: one product document, and the size guides (spec 2.1 and 2.4, section 7). */
export const productRoutes: FastifyPluginAsync<ProductRoutesOptions> = async (app, { db }) => {
  app.get('/products/:id', async (request) => {
    const { id } = request.params as { id: string };
    // A malformed id names no product: the same 404 as an unknown one.
    if (!PRODUCT_ID_PATTERN.test(id)) throw notFound('That product');
    const [product] = await buildProductDocuments(db, [id]);
    if (!product) throw notFound('That product');
    return { data: product };
  });

  app.get('/size-charts', async () => {
    const rows = await db
      .selectFrom('size_charts')
      .select(['name', 'display_name', 'category_name'])
      .orderBy('position')
      .orderBy('name')
      .execute();
    return { data: rows satisfies SizeChartSummary[] };
  });

  const sizeChartParams = z.object({
    sizeGuideName: z.string().regex(SIZE_GUIDE_NAME_PATTERN, 'sizeGuideName is not a size guide name'),
  });
  app.get('/size-charts/:sizeGuideName', async (request) => {
    const { sizeGuideName } = sizeChartParams.parse(request.params);
    const row = await db.selectFrom('size_charts').selectAll().where('name', '=', sizeGuideName).executeTakeFirst();
    if (!row) throw notFound('That size guide');
    const chart: SizeChart = {
      display_name: row.display_name,
      category_name: row.category_name,
      subheader: row.subheader,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      images: parseImages(row.images),
      content: sanitizeContentHtml(row.content),
    };
    return { data: chart };
  });
};
