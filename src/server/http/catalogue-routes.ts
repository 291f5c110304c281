import type { FastifyPluginAsync } from 'fastify';
import { cataloguePageEndpoint } from '../../shared/api/catalogue.ts';
import { readCataloguePage } from '../catalogue/catalogue-pages.ts';
import type { Db } from '../db/database.ts';
import { answerForEveryone, CONTENT_MAX_AGE_SECONDS } from './cache-control.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';

interface CatalogueRoutesOptions {
  db: Db;
}

/** The catalogue API: GET /api/page?path=/shop/men responds with the page, its product blocks and facet tree (spec 7). */
export const catalogueRoutes: FastifyPluginAsync<CatalogueRoutesOptions> = async (app, { db }) => {
  serveEndpoint(app, cataloguePageEndpoint, async ({ query, reply }) => {
    const page = await readCataloguePage(db, query.path);
    if (!page) return new Refusal(404, { error: 'That shop page was not found' });
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return page;
  });
};
