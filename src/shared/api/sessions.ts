/**
 * The browser's session under /session-api (spec section 7): the signed-in user, and the sign-out, which responds
 * with the spec's success body whole. The browser calls both, so this module holds nothing else: the sign-in
 * and its request schemas are in sign-in.ts.
 */
import * as z from 'zod/mini';
import { userSchema } from '../user.ts';
import { endpoint } from './endpoint.ts';

/** Ends the session and clears its cookie; the message is the browser's success notice. */
export const logoutEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/logout',
  data: z.object({ success: z.literal(true), message: z.string() }),
  envelope: false,
});

/** The signed-in user; asking counts as activity, so the session's idle expiry moves forward. */
export const refreshUserEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/refresh-user',
  data: userSchema,
});
