import type { FastifyPluginAsync } from 'fastify';
import { SESSION_COOKIE, sessionUser } from '../accounts/sessions.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

/** The session API under /session-api (spec section 7): calls that depend on the shopper's session. */
export const sessionApiRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/refresh-user', async (request) => {
    const user = await sessionUser(db, request.cookies[SESSION_COOKIE], new Date());
    if (!user) throw new HttpError(401, 'You are not signed in');
    return { data: user };
  });

  app.all('/*', async (request) => {
    throw new HttpError(404, `No API route for ${request.method} ${request.url.split('?')[0]}`);
  });
};
