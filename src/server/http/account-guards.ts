/** What account creation, forgot and reset pass before they run (sign-in too, for its captcha): their limits and the captcha score. */
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.ts';
import { withinAccountLimits, type AccountCall } from '../accounts/account-limits.ts';
import type { CaptchaAction } from '../../shared/captcha.ts';
import { captchaRefusal, type CaptchaVerifier } from '../accounts/captcha.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

/** Counts an account call against its limits (accounts/account-limits.ts); past them, a 429 `{error}`. */
export async function refuseOverLimit(
  db: Db,
  call: AccountCall,
  account: string,
  request: FastifyRequest,
): Promise<void> {
  if (!(await withinAccountLimits(db, call, { account, clientAddress: request.ip }, new Date()))) {
    throw new HttpError(429, MESSAGES.accountTooManyAttempts);
  }
}

/** Scores the call's captcha token (accounts/captcha.ts); a missing token or a low score is refused. */
export async function refuseWithoutCaptcha(
  captcha: CaptchaVerifier,
  action: CaptchaAction,
  body: { token?: string | undefined; action?: string | undefined },
  account: string,
  request: FastifyRequest,
): Promise<void> {
  // A token got for another form is refused whatever its score.
  if (body.action !== undefined && body.action !== action) throw new HttpError(403, MESSAGES.captchaRefused);
  const refused = await captchaRefusal(
    captcha,
    { action, token: body.token, account, clientAddress: request.ip },
    new Date(),
  );
  if (refused) throw new HttpError(refused.status, refused.body.error);
}
