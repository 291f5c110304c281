import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { readWebsiteConfig } from '../content/website-config-repository.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

interface ApiRoutesOptions {
  config: ServerConfig;
  db: Db;
}

/** The public JSON API under /api (spec section 7). */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, { config, db }) => {
  app.get('/website-config', async () => {
    const websiteConfig = await readWebsiteConfig(db, config.brand);
    if (!websiteConfig) throw new HttpError(503, 'The shop has not been set up yet');
    return { data: websiteConfig };
  });

  app.all('/*', async (request) => {
    throw new HttpError(404, `No API route for ${request.method} ${request.url.split('?')[0]}`);
  });
};
