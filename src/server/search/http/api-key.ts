import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const API_KEY_HEADER = 'x-typesense-api-key';
export const UNAUTHORIZED_MESSAGE = 'Forbidden - a valid `x-typesense-api-key` header must be sent.';

export type Access = 'search' | 'admin';

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return expected !== '' && a.length === b.length && timingSafeEqual(a, b);
}

/** The key from the header, or from the query string as the Typesense client sends it in search-only mode. */
export function requestApiKey(request: FastifyRequest): string {
  const header = request.headers[API_KEY_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[API_KEY_HEADER];
  if (typeof fromQuery === 'string') return fromQuery;
  if (Array.isArray(fromQuery) && typeof fromQuery[0] === 'string') return fromQuery[0];
  return '';
}

/** Whether the request carries this key. */
export const presentsKey = (request: FastifyRequest, key: string): boolean => sameKey(requestApiKey(request), key);

/** An onRequest hook: the admin key opens every route, the search-only key only the search routes. */
export function requireKey(access: Access, keys: { searchKey: string; adminKey: string }) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const given = requestApiKey(request);
    const allowed = sameKey(given, keys.adminKey) || (access === 'search' && sameKey(given, keys.searchKey));
    if (!allowed) await reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
  };
}
