import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePassword,
  createAccount,
  requestPasswordReset,
  resetPassword,
  updateInformation,
  verifyAccount,
  type AccountContext,
} from '../accounts/accounts.ts';
import type { CaptchaVerifier } from '../accounts/captcha.ts';
import { refuseOverLimit, refuseWithoutCaptcha } from './account-guards.ts';
import { sessionSecretOf, signedInCustomer, signInBrowser, type SessionCookie } from './session-cookie.ts';
import { rememberMe } from './session-routes.ts';

const text = (name: string, max: number) => z.string({ error: `${name} must be text` }).max(max, `${name} is too long`);
const captcha = { token: text('token', 4096).optional(), action: text('action', 100).optional() };
const linkParams = { customerId: text('customerId', 100), token: text('token', 100) };

const createBody = z.object({
  email: text('email', 254),
  password: text('password', 1024),
  first_name: text('first_name', 100),
  last_name: text('last_name', 100),
  ...captcha,
});
const verifyBody = z.object(linkParams);
const forgotBody = z.object({ email: text('email', 254), ...captcha });
const resetBody = z.object({ ...linkParams, password: text('password', 1024), rememberMe });
const passwordBody = z.object({ current: text('current', 1024), password: text('password', 1024) });
const informationBody = z.object({ first_name: text('first_name', 100), last_name: text('last_name', 100), email: text('email', 254) });

/**
 * The account calls under /session-api/account: creation, confirmation, the forgotten password and its reset
 * (for guests), and the password and information changes of the account area (for the signed-in customer).
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountContext; sessionCookie: SessionCookie; captcha: CaptchaVerifier }> = async (
  app,
  { accounts, sessionCookie, captcha },
) => {
  const { db } = accounts;

  app.post('/account/create', { schema: { body: createBody } }, async (request, reply) => {
    await refuseOverLimit(db, 'create', request.body.email, request);
    await refuseWithoutCaptcha(captcha, 'create', request.body, request.body.email, request);
    const result = await createAccount(accounts, request.body, new Date());
    if ('status' in result) return reply.code(result.status).send(result.body);
    return { success: true, message: result.message };
  });

  app.post('/account/verify', { schema: { body: verifyBody } }, async (request, reply) => {
    const result = await verifyAccount(accounts, request.body, new Date());
    if ('status' in result) return reply.code(result.status).send(result.body);
    await signInBrowser(db, sessionCookie, request, reply, { customerId: result.user._id, rememberMe: false });
    return { success: true, data: { user: result.user } };
  });

  app.post('/account/forgot', { schema: { body: forgotBody } }, async (request) => {
    await refuseOverLimit(db, 'forgot', request.body.email, request);
    await refuseWithoutCaptcha(captcha, 'forgot', request.body, request.body.email, request);
    const result = await requestPasswordReset(accounts, request.body.email, new Date());
    return { success: true, message: result.message };
  });

  app.post('/account/reset', { schema: { body: resetBody } }, async (request, reply) => {
    const { customerId, token, password } = request.body;
    await refuseOverLimit(db, 'reset', customerId, request);
    const result = await resetPassword(accounts, { customerId, token, password }, new Date());
    if ('status' in result) return reply.code(result.status).send(result.body);
    await signInBrowser(db, sessionCookie, request, reply, { customerId: result.user._id, rememberMe: request.body.rememberMe });
    return { success: true, data: { user: result.user } };
  });

  app.post('/account/password', { schema: { body: passwordBody } }, async (request, reply) => {
    const user = await signedInCustomer(db, sessionCookie, request);
    const result = await changePassword(
      accounts,
      { customerId: user._id, ...request.body, keptSession: sessionSecretOf(request, sessionCookie) },
      new Date(),
    );
    if ('status' in result) return reply.code(result.status).send(result.body);
    return { success: true, message: result.message };
  });

  app.post('/account/information', { schema: { body: informationBody } }, async (request, reply) => {
    const user = await signedInCustomer(db, sessionCookie, request);
    const result = await updateInformation(accounts, { customerId: user._id, ...request.body }, new Date());
    if ('status' in result) return reply.code(result.status).send(result.body);
    return { success: true, message: result.message, data: { user: result.user } };
  });
};
