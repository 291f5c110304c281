import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeShopPath } from '../../shared/catalogue-search/shop-url.ts';
import { readCataloguePage } from '../catalogue/catalogue-pages.ts';
import type { Db } from '../db/database.ts';
import { answerForEveryone, CONTENT_MAX_AGE_SECONDS } from './cache-control.ts';
import { notFound } from './errors.ts';

interface CatalogueRoutesOptions {
  db: Db;
}

const pageQuery = z.object({
  path: z
    .string()
    .max(300)
    .transform(normalizeShopPath)
    .pipe(z.string().regex(/^\/shop(\/[a-z0-9][a-z0-9-]{0,80}){0,8}$/, 'path is not a shop path')),
});

/** The catalogue API: GET /api/page?path=/shop/men answers the page, its product blocks and facet tree (spec 7). */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { db }) => {
  app.get('/page', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const page = await readCataloguePage(db, request.query.path);
    if (!page) throw notFound('That shop page');
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return { data: page };
  });
};
