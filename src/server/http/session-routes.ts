import type { FastifyPluginAsync } from 'fastify';
import { logoutEndpoint, refreshUserEndpoint } from '../../shared/api/sessions.ts';
import { captchaTokenEndpoint, loginEndpoint } from '../../shared/api/sign-in.ts';
import { MESSAGES } from '../../shared/messages.ts';
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
import { clearSessionCookie, sessionSecretOf, signInBrowser, type SessionCookie } from './session-cookie.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';

/** Signing in and out, and the signed-in user (spec section 7): POST /login, GET /logout, GET /refresh-user; the captcha's token. */
export const sessionRoutes: FastifyPluginAsync<{
  db: Db;
  sessionCookie: SessionCookie;
  deviceCookie: DeviceCookie;
  captcha: CaptchaVerifier;
}> = async (app, { db, sessionCookie, deviceCookie, captcha }) => {
  /** What the sign-in, creation and forgot forms send as their token: a built-in token, or reCAPTCHA's site key. */
  serveEndpoint(app, captchaTokenEndpoint, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return captcha.browserSettings(query.action, new Date());
  });

  /** Only wrong passwords count (accounts/sign-in-limits.ts); a known device skips the captcha and the account's limits. */
  serveEndpoint(app, loginEndpoint, async ({ body, request, reply }) => {
    const now = new Date();
    const device = knownDeviceOf(request, deviceCookie);
    const attempt = await startSignInTry(
      db,
      { account: body._username, clientAddress: request.ip, device, hasCaptcha: Boolean(body.token) },
      now,
    );
    if (attempt.refused) {
      await withdrawSignInTry(db, attempt, now);
      return new Refusal(429, {
        error: attempt.refused === 'address' ? MESSAGES.accountTooManyAttempts : MESSAGES.signInLocked,
      });
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
    if (!signedIn) return new Refusal(401, { error: MESSAGES.signInFailed });
    await succeededSignInTry(db, attempt, now);
    await forgetCurrentPasswordTries(db, signedIn.user._id, now);
    // Only the password's owner learns this, so it tells an attacker nothing.
    if (!signedIn.verified) return new Refusal(403, { error: MESSAGES.verifyFirst });
    await signInBrowser(db, sessionCookie, request, reply, {
      customerId: signedIn.user._id,
      rememberMe: body._remember_me,
    });
    rememberDevice(reply, deviceCookie, signedIn.user._id);
    return { success: true as const, data: { user: signedIn.user } };
  });

  serveEndpoint(app, logoutEndpoint, async ({ request, reply }) => {
    await endSession(db, sessionSecretOf(request, sessionCookie));
    clearSessionCookie(reply, sessionCookie);
    return { success: true as const, message: MESSAGES.signedOut };
  });

  /** The signed-in user; asking counts as activity, so the session's idle expiry moves forward. */
  serveEndpoint(app, refreshUserEndpoint, async ({ request }) => {
    const user = await refreshSession(db, sessionSecretOf(request, sessionCookie), new Date());
    return user ?? new Refusal(401, { error: MESSAGES.notSignedIn });
  });
};
