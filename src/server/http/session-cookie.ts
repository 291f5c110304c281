/**
 * The session cookie: HttpOnly and SameSite=Lax always; behind https also Secure and named with the __Host-
 * prefix, which browsers take only from a secure origin, for the whole site and without a Domain, so a sibling
 * subdomain cannot set or shadow it. A remembered session's cookie lasts until the session's absolute end;
 * any other ends with the browser.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.ts';
import type { User } from '../../shared/user.ts';
import { SESSION_COOKIE, sessionUser, startSession, type StartedSession } from '../accounts/sessions.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

export interface SessionCookie {
  name: string;
  secure: boolean;
}

export function sessionCookieFor(publicUrl: string): SessionCookie {
  const secure = publicUrl.startsWith('https:');
  return { name: secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE, secure };
}

/** The session secret the request's cookie carries, if any. */
export const sessionSecretOf = (request: FastifyRequest, cookie: SessionCookie): string | undefined =>
  request.cookies[cookie.name];

const attributes = (cookie: SessionCookie) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: cookie.secure,
});

function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, session: StartedSession, now: Date): void {
  const maxAge = session.rememberMe ? Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000) : undefined;
  reply.setCookie(cookie.name, session.secret, { ...attributes(cookie), ...(maxAge === undefined ? {} : { maxAge }) });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  reply.clearCookie(cookie.name, attributes(cookie));
}

/** Signs this browser in as the customer: a new session replaces the one its cookie held, if any. */
export async function signInBrowser(
  db: Db,
  cookie: SessionCookie,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { customerId: string; rememberMe: boolean },
): Promise<void> {
  const now = new Date();
  const session = await startSession(db, { ...options, now, replacing: sessionSecretOf(request, cookie) });
  setSessionCookie(reply, cookie, session, now);
}

/** The signed-in customer of the request; a guest's request is refused with 401. */
export async function signedInCustomer(db: Db, cookie: SessionCookie, request: FastifyRequest): Promise<User> {
  const user = await sessionUser(db, sessionSecretOf(request, cookie), new Date());
  if (!user) throw new HttpError(401, MESSAGES.notSignedIn);
  return user;
}
