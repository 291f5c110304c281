/** What crawlers read: /robots.txt and the sitemap, /sitemap.xml and its parts (content/seo). */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ROBOTS_PATH, SITEMAP_PATH } from '../../shared/seo.ts';
import type { Sitemap, SitemapFile } from '../content/seo/sitemap.ts';
import { conditionalStatus, matchesEtag } from './content-replies.ts';

interface SeoRoutesOptions {
  sitemap: Sitemap;
  robotsTxt: string;
}

/**
 * Crawlers may keep the files for an hour; after that a conditional request (If-None-Match, If-Modified-Since)
 * is answered 304 while nothing listed has changed.
 */
const CRAWLER_FILE_CACHE = 'public, max-age=3600';

function isCurrent(request: FastifyRequest, file: SitemapFile): boolean {
  const { etag, lastModified } = file;
  if (lastModified) return conditionalStatus(request.headers, { etag, lastModified }) === 304;
  return matchesEtag(request.headers['if-none-match'], etag);
}

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { sitemap, robotsTxt }) => {
  app.get(ROBOTS_PATH, async (_request, reply) =>
    reply.header('cache-control', CRAWLER_FILE_CACHE).type('text/plain; charset=utf-8').send(robotsTxt),
  );

  const sendSitemap = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const file = await sitemap.file(path);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply.header('cache-control', CRAWLER_FILE_CACHE).header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    if (isCurrent(request, file)) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(file.xml);
  };
  app.get(SITEMAP_PATH, (request, reply) => sendSitemap(request, reply, SITEMAP_PATH));
  // A part: /sitemap-products-2.xml.
  app.get<{ Params: { part: string } }>('/sitemap-:part', (request, reply) =>
    sendSitemap(request, reply, `/sitemap-${request.params.part}`),
  );
};
