import type { FastifyReply, FastifyRequest } from 'fastify';
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
import {
  deleteAddress,
  deleteSavedCard,
  listAddresses,
  listOrders,
  readWallet,
  saveAddress,
} from '../accounts/account-area.ts';
import type { CaptchaVerifier } from '../accounts/captcha.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { refuseOverLimit, refuseWithoutCaptcha } from './account-guards.ts';
import { rememberDevice, type DeviceCookie } from './device-cookie.ts';
import { HttpError } from './errors.ts';
import {
  clearSessionCookie,
  sessionSecretOf,
  signedInCustomer,
  signInBrowser,
  type SessionCookie,
} from './session-cookie.ts';
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
const idParams = z.object({ id: text('id', 100) });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();
const addressBody = z.object({
  country: text('country', 2).default('US'),
  first_name: text('first_name', 100).default(''),
  last_name: text('last_name', 100).default(''),
  address1: text('address1', 200).default(''),
  address2: text('address2', 200).default(''),
  city: text('city', 100).default(''),
  region: text('region', 100).default(''),
  postcode: text('postcode', 20).default(''),
  phone: text('phone', 40).default(''),
  is_validated: flag('is_validated'),
  is_default_shipping: flag('is_default_shipping'),
  is_default_billing: flag('is_default_billing'),
});
const informationBody = z.object({
  first_name: text('first_name', 100),
  last_name: text('last_name', 100),
  email: text('email', 254),
});

/**
 * The account calls under /session-api/account: creation, confirmation, the forgotten password and its reset
 * (for guests), and the password and information changes of the account area (for the signed-in customer).
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  accounts: AccountContext;
  sessionCookie: SessionCookie;
  deviceCookie: DeviceCookie;
  captcha: CaptchaVerifier;
}> = async (app, { accounts, sessionCookie, deviceCookie, captcha }) => {
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
    rememberDevice(reply, deviceCookie, result.user._id);
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
    await signInBrowser(db, sessionCookie, request, reply, {
      customerId: result.user._id,
      rememberMe: request.body.rememberMe,
    });
    // The reset proved the mailbox: this browser signs in even while strangers' guesses throttle the account.
    rememberDevice(reply, deviceCookie, result.user._id);
    return { success: true, data: { user: result.user } };
  });

  app.post('/account/password', { schema: { body: passwordBody } }, async (request, reply) => {
    const user = await signedInCustomer(db, sessionCookie, request);
    const result = await changePassword(
      accounts,
      { customerId: user._id, ...request.body, keptSession: sessionSecretOf(request, sessionCookie) },
      new Date(),
    );
    // Too many wrong current passwords ended the session: the browser's cookie goes with it.
    if ('status' in result && result.status === 401) clearSessionCookie(reply, sessionCookie);
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

/**
 * The account area's data under /session-api/account: the signed-in customer's orders, addresses, wallet and
 * cards. The customer is the session's; an id of another customer's address or card is a 404.
 */
export const accountAreaRoutes: FastifyPluginAsyncZod<{
  accounts: AccountContext;
  sessionCookie: SessionCookie;
}> = async (app, { accounts, sessionCookie }) => {
  const { db } = accounts;
  const customerOf = async (request: FastifyRequest) => (await signedInCustomer(db, sessionCookie, request))._id;

  const save = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string | null,
    body: z.infer<typeof addressBody>,
  ) => {
    const { is_validated, is_default_shipping, is_default_billing, ...address } = body;
    const saved = await saveAddress(db, await customerOf(request), id, {
      address,
      is_validated: is_validated ?? false,
      is_default_shipping,
      is_default_billing,
    });
    if (!('status' in saved)) return { data: saved };
    if (saved.status === 404) throw new HttpError(404, MESSAGES.addressNotFound);
    return reply
      .code(422)
      .send({ error: Object.values(saved.errors)[0] ?? MESSAGES.correctTheErrors, fields: saved.errors });
  };

  app.get('/account/orders', async (request) => ({
    data: await listOrders(db, accounts.orderLinkSecret, await customerOf(request)),
  }));

  app.get('/account/addresses', async (request) => ({ data: await listAddresses(db, await customerOf(request)) }));

  app.post('/account/addresses', { schema: { body: addressBody } }, (request, reply) =>
    save(request, reply, null, request.body),
  );

  app.put('/account/addresses/:id', { schema: { params: idParams, body: addressBody } }, (request, reply) =>
    save(request, reply, request.params.id, request.body),
  );

  app.delete('/account/addresses/:id', { schema: { params: idParams } }, async (request) => {
    if (!(await deleteAddress(db, await customerOf(request), request.params.id)))
      throw new HttpError(404, MESSAGES.addressNotFound);
    return { success: true };
  });

  app.get('/account/wallet', async (request) => ({ data: await readWallet(db, await customerOf(request)) }));

  app.delete('/account/cards/:id', { schema: { params: idParams } }, async (request) => {
    if (!(await deleteSavedCard(db, await customerOf(request), request.params.id)))
      throw new HttpError(404, MESSAGES.cardNotFound);
    return { success: true };
  });
};
