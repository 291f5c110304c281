/**
 * Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) whose browser says it comes
 * from another site is refused before any handler runs. Browsers send Origin with every such request they
 * make, and Fetch Metadata's Sec-Fetch-Site beside it. Where a browser sends Origin `null` (a form post under a
 * no-referrer policy, a sandboxed page), only Sec-Fetch-Site: same-origin vouches for it. A
 * request with neither header is not a browser's (server to server, the loaders' in-process calls) and carries
 * no cookie a forger could ride on, so it passes. The admin API and the search service authenticate by a key
 * the request itself carries, never by a cookie, so there is nothing for a forged request to borrow there.
 *
 * The spec's sign-out is a GET (`/session-api/logout`) that ends the session, so any page could sign a shopper
 * out with an image. It passes only when the browser vouches that the shop itself sent it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { logoutEndpoint } from '../../shared/api/sessions.ts';
import { SEARCH_PATH } from '../../shared/load-context.ts';
import { MESSAGES } from '../../shared/messages.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_AUTHENTICATED = ['/admin-api/', SEARCH_PATH + '/'];
/** Reads that change the session, by their route. */
const STATE_CHANGING_READS = new Set<string>([logoutEndpoint.path]);
/** Sec-Fetch-Site of a request the shop's pages (or the shopper's own typing, `none`) sent. */
const FROM_THE_SHOP = new Set(['same-origin', 'same-site', 'none']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The request's own origin as its Host header names it. Never X-Forwarded-Host: whoever can set that header
 * (any client, or a proxy that passes it on) could name their own site as the shop's. The protocol is the
 * connection's, or X-Forwarded-Proto from a proxy TRUST_PROXY lists.
 */
function ownOrigin(request: FastifyRequest): string | null {
  return originOf(`${request.protocol}://${request.headers.host ?? ''}`);
}

/** Whether a browser sent this request from another site than the shop's. */
export function comesFromAnotherSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return site !== 'same-origin';
  return origin !== publicOrigin && origin !== ownOrigin(request);
}

/**
 * Whether a browser vouches that the shop sent this request: Fetch Metadata says so, or, from a browser that
 * sends none, Origin or else Referer names the shop. A request that says nothing is refused.
 */
export function comesFromTheShop(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return FROM_THE_SHOP.has(site);
  const { origin, referer } = request.headers;
  const sender = origin ?? (referer === undefined ? null : originOf(referer));
  return sender !== null && (sender === publicOrigin || sender === ownOrigin(request));
}

/** The onRequest hook: a 403 `{error}` for a state-changing request from another site. */
export function crossSiteGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (STATE_CHANGING_READS.has(request.routeOptions.url ?? '')) {
      if (!comesFromTheShop(request, publicOrigin)) await reply.code(403).send({ error: MESSAGES.crossSiteRefused });
      return;
    }
    if (!STATE_CHANGING.has(request.method)) return;
    if (KEY_AUTHENTICATED.some((prefix) => request.url.startsWith(prefix))) return;
    if (comesFromAnotherSite(request, publicOrigin)) await reply.code(403).send({ error: MESSAGES.crossSiteRefused });
  };
}
