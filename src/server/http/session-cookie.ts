/**
 * The session cookie: HttpOnly and SameSite=Lax always; behind https also Secure and named with the __Host-
 * prefix, which browsers take only from a secure origin, for the whole site and without a Domain, so a sibling
 * subdomain cannot set or shadow it. A remembered session's cookie lasts until the session's absolute end;
 * any other ends with the browser.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type StartedSession } from '../accounts/sessions.ts';

export interface SessionCookie {
  name: string;
  secure: boolean;
}

export function sessionCookieFor(publicUrl: string): SessionCookie {
  const secure = publicUrl.startsWith('https:');
  return { name: secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE, secure };
}

/** The session secret the request's cookie carries, if any. */
export const sessionSecretOf = (request: FastifyRequest, cookie: SessionCookie): string | undefined => request.cookies[cookie.name];

const attributes = (cookie: SessionCookie) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: cookie.secure });

export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, session: StartedSession, now: Date): void {
  const maxAge = session.rememberMe ? Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000) : undefined;
  reply.setCookie(cookie.name, session.secret, { ...attributes(cookie), ...(maxAge === undefined ? {} : { maxAge }) });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  reply.clearCookie(cookie.name, attributes(cookie));
}
