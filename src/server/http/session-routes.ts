import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../shared/messages.ts';
import { CAPTCHA_ACTIONS } from '../../shared/captcha.ts';
import type { CaptchaVerifier } from '../accounts/captcha.ts';
import { endSession, refreshSession } from '../accounts/sessions.ts';
import { checkCredentials } from '../accounts/sign-in.ts';
import {
  forgetCurrentPasswordTries,
  startSignInTry,
  succeededSignInTry,
  withdrawSignInTry,
} from '../accounts/sign-in-limits.ts';
import type { Db } from '../db/database.ts';
import { refuseWithoutCaptcha } from './account-guards.ts';
import { knownDeviceOf, rememberDevice, type DeviceCookie } from './device-cookie.ts';
import { HttpError } from './errors.ts';
import { clearSessionCookie, sessionSecretOf, signInBrowser, type SessionCookie } from './session-cookie.ts';

/** A ticked remember-me: true from a JSON body; 'on' (a checkbox), '1' or 'true' from a form or a query. */
export const rememberMe = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.string().max(10)], { error: '_remember_me must be true or false' })
  .optional()
  .transform((value) => value === true || value === 1 || value === 'on' || value === '1' || value === 'true');

const loginBody = z.object({
  _username: z.string({ error: '_username must be text' }).max(254, MESSAGES.signInFailed),
  _password: z.string({ error: '_password must be text' }).max(1024, MESSAGES.signInFailed),
  _remember_me: rememberMe,
  token: z.string({ error: 'token must be text' }).max(4096, 'token is too long').optional(),
  action: z.string({ error: 'action must be text' }).max(100, 'action is too long').optional(),
});

/** Signing in and out, and the signed-in user (spec section 7): POST /login, GET /logout, GET /refresh-user; the captcha's token. */
const captchaTokenQuery = z.object({ action: z.enum(CAPTCHA_ACTIONS) });

export const sessionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sessionCookie: SessionCookie;
  deviceCookie: DeviceCookie;
  captcha: CaptchaVerifier;
}> = async (app, { db, sessionCookie, deviceCookie, captcha }) => {
  /** What the sign-in, creation and forgot forms send as their token: a built-in token, or reCAPTCHA's site key. */
  app.get('/captcha-token', { schema: { querystring: captchaTokenQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await captcha.browserSettings(request.query.action, new Date()) };
  });

  /** Only wrong passwords count (accounts/sign-in-limits.ts); a known device skips the captcha and the account's limits. */
  app.post('/login', { schema: { body: loginBody } }, async (request, reply) => {
    const { body } = request;
    const now = new Date();
    const device = knownDeviceOf(request, deviceCookie);
    const attempt = await startSignInTry(
      db,
      { account: body._username, clientAddress: request.ip, device, hasCaptcha: Boolean(body.token) },
      now,
    );
    if (attempt.refused) {
      await withdrawSignInTry(db, attempt, now);
      throw new HttpError(429, attempt.refused === 'address' ? MESSAGES.accountTooManyAttempts : MESSAGES.signInLocked);
    }
    if (!attempt.known) {
      try {
        await refuseWithoutCaptcha(captcha, 'login', body, body._username, request);
      } catch (error) {
        await withdrawSignInTry(db, attempt, now);
        throw error;
      }
    }
    const signedIn = await checkCredentials(db, body._username, body._password);
    if (!signedIn) throw new HttpError(401, MESSAGES.signInFailed);
    await succeededSignInTry(db, attempt, now);
    await forgetCurrentPasswordTries(db, signedIn.user._id, now);
    // Only the password's owner learns this, so it tells an attacker nothing.
    if (!signedIn.verified) throw new HttpError(403, MESSAGES.verifyFirst);
    await signInBrowser(db, sessionCookie, request, reply, {
      customerId: signedIn.user._id,
      rememberMe: body._remember_me,
    });
    rememberDevice(reply, deviceCookie, signedIn.user._id);
    return { success: true, data: { user: signedIn.user } };
  });

  app.get('/logout', async (request, reply) => {
    await endSession(db, sessionSecretOf(request, sessionCookie));
    clearSessionCookie(reply, sessionCookie);
    return { success: true, message: MESSAGES.signedOut };
  });

  /** The signed-in user; asking counts as activity, so the session's idle expiry moves forward. */
  app.get('/refresh-user', async (request) => {
    const user = await refreshSession(db, sessionSecretOf(request, sessionCookie), new Date());
    if (!user) throw new HttpError(401, MESSAGES.notSignedIn);
    return { data: user };
  });
};
