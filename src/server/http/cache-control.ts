/**
 * Cache-Control of the API's answers that are the same for every visitor (catalogue, products, content, the
 * website config): `public`, so browsers and shared caches may keep them a while, and the server's cache of
 * rendered pages (page-cache.ts) keeps only pages made of such answers. Answers that depend on the session or
 * hold a secret say nothing or no-store; an error answer is never marked.
 */
import type { FastifyReply } from 'fastify';

/** Catalogue pages, content, posts, size charts and the config: a change reaches browsers within a minute. */
export const CONTENT_MAX_AGE_SECONDS = 60;
/** A product carries its stock and prices, which orders change: browsers keep it only briefly. */
export const PRODUCT_MAX_AGE_SECONDS = 10;

/** Marks the answer about to be sent as the same for everyone, kept at most maxAgeSeconds. */
export function answerForEveryone(reply: FastifyReply, maxAgeSeconds: number): void {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
}
