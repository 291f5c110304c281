/**
 * Cache-Control of the API's answers that are the same for every visitor (catalogue, products, content, the
 * website config): `public`, so browsers and shared caches may keep them a while, and the server's cache of
 * rendered pages (page-cache.ts) keeps only pages made of such answers; an error answer is never marked so.
 * Answers that depend on the session or hold a secret (the session API, an order link's calls) are
 * `private, no-store`, and so is every page rendered from one (web-app.ts): no cache keeps them, nor does the
 * browser's back button show a signed-out shopper's account from its cache.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Catalogue pages, content, posts, size charts and the config: a change reaches browsers within a minute. */
export const CONTENT_MAX_AGE_SECONDS = 60;
/** A product carries its stock and prices, which orders change: browsers keep it only briefly. */
export const PRODUCT_MAX_AGE_SECONDS = 10;

/** Marks the answer about to be sent as the same for everyone, kept at most maxAgeSeconds. */
export function answerForEveryone(reply: FastifyReply, maxAgeSeconds: number): void {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
}

/** The Cache-Control of an answer for one shopper alone. */
export const FOR_ONE_SHOPPER = 'private, no-store';

/** Whether an answer's Cache-Control keeps it to one shopper. */
export const isForOneShopper = (cacheControl: unknown): boolean =>
  typeof cacheControl === 'string' && /\b(?:private|no-store)\b/.test(cacheControl);

/** An onSend hook for a plugin whose every answer is for one shopper: marks those that say nothing themselves. */
export async function keepForOneShopper<Payload>(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: Payload,
): Promise<Payload> {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', FOR_ONE_SHOPPER);
  return payload;
}
