import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  accountAddressesEndpoint,
  accountCreateEndpoint,
  accountForgotEndpoint,
  accountInformationEndpoint,
  accountOrdersEndpoint,
  accountPasswordEndpoint,
  accountResetEndpoint,
  accountVerifyEndpoint,
  accountWalletEndpoint,
  addressCreateEndpoint,
  addressDeleteEndpoint,
  addressUpdateEndpoint,
  cardDeleteEndpoint,
} from '../../shared/api/accounts.ts';
import {
  changePassword,
  createAccount,
  requestPasswordReset,
  resetPassword,
  updateInformation,
  verifyAccount,
  type AccountContext,
} from '../accounts/accounts.ts';
import { deleteAddress, listAddresses, listOrders, readWallet, saveAddress } from '../accounts/account-area.ts';
import type { CaptchaVerifier } from '../accounts/captcha.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { deleteSavedCard } from '../payments/saved-cards.ts';
import { refuseOverLimit, refuseWithoutCaptcha } from './account-guards.ts';
import { rememberDevice, type DeviceCookie } from './device-cookie.ts';
import {
  clearSessionCookie,
  sessionSecretOf,
  signedInCustomer,
  signInBrowser,
  type SessionCookie,
} from './session-cookie.ts';
import { Refusal, serveEndpoint, type EndpointRequest } from './serve-endpoint.ts';

/**
 * The account calls under /session-api/account: creation, confirmation, the forgotten password and its reset
 * (for guests), and the password and information changes of the account area (for the signed-in customer).
 */
export const accountRoutes: FastifyPluginAsync<{
  accounts: AccountContext;
  sessionCookie: SessionCookie;
  deviceCookie: DeviceCookie;
  captcha: CaptchaVerifier;
}> = async (app, { accounts, sessionCookie, deviceCookie, captcha }) => {
  const { db } = accounts;

  serveEndpoint(app, accountCreateEndpoint, async ({ body, request }) => {
    await refuseOverLimit(db, 'create', body.email, request);
    await refuseWithoutCaptcha(captcha, 'create', body, body.email, request);
    const result = await createAccount(accounts, body, new Date());
    if (result instanceof Refusal) return result;
    return { success: true as const, message: result.message };
  });

  serveEndpoint(app, accountVerifyEndpoint, async ({ body, request, reply }) => {
    const result = await verifyAccount(accounts, body, new Date());
    if (result instanceof Refusal) return result;
    await signInBrowser(db, sessionCookie, request, reply, { customerId: result.user._id, rememberMe: false });
    rememberDevice(reply, deviceCookie, result.user._id);
    return { success: true as const, data: { user: result.user } };
  });

  serveEndpoint(app, accountForgotEndpoint, async ({ body, request }) => {
    await refuseOverLimit(db, 'forgot', body.email, request);
    await refuseWithoutCaptcha(captcha, 'forgot', body, body.email, request);
    const result = await requestPasswordReset(accounts, body.email, new Date());
    return { success: true as const, message: result.message };
  });

  serveEndpoint(app, accountResetEndpoint, async ({ body, request, reply }) => {
    const { customerId, token, password } = body;
    await refuseOverLimit(db, 'reset', customerId, request);
    const result = await resetPassword(accounts, { customerId, token, password }, new Date());
    if (result instanceof Refusal) return result;
    await signInBrowser(db, sessionCookie, request, reply, {
      customerId: result.user._id,
      rememberMe: body.rememberMe,
    });
    // The reset proved the mailbox: this browser signs in even while strangers' guesses throttle the account.
    rememberDevice(reply, deviceCookie, result.user._id);
    return { success: true as const, data: { user: result.user } };
  });

  serveEndpoint(app, accountPasswordEndpoint, async ({ body, request, reply }) => {
    const user = await signedInCustomer(db, sessionCookie, request);
    const result = await changePassword(
      accounts,
      { customerId: user._id, ...body, keptSession: sessionSecretOf(request, sessionCookie) },
      new Date(),
    );
    // Too many wrong current passwords ended the session: the browser's cookie goes with it.
    if (result instanceof Refusal && result.status === 401) clearSessionCookie(reply, sessionCookie);
    if (result instanceof Refusal) return result;
    return { success: true as const, message: result.message };
  });

  serveEndpoint(app, accountInformationEndpoint, async ({ body, request }) => {
    const user = await signedInCustomer(db, sessionCookie, request);
    const result = await updateInformation(accounts, { customerId: user._id, ...body }, new Date());
    if (result instanceof Refusal) return result;
    return { success: true as const, message: result.message, data: { user: result.user } };
  });
};

/**
 * The account area's data under /session-api/account: the signed-in customer's orders, addresses, wallet and
 * cards. The customer is the session's; an id of another customer's address or card is a 404.
 */
export const accountAreaRoutes: FastifyPluginAsync<{
  accounts: AccountContext;
  /** The gateway that may keep a saved card too, and is asked to let it go when the card is deleted. */
  gateway: PaymentGateway;
  sessionCookie: SessionCookie;
}> = async (app, { accounts, gateway, sessionCookie }) => {
  const { db } = accounts;
  const customerOf = async (request: FastifyRequest) => (await signedInCustomer(db, sessionCookie, request))._id;

  const save = async (
    request: FastifyRequest,
    id: string | null,
    body: EndpointRequest<typeof addressCreateEndpoint>['body'],
  ) => {
    const { is_validated, is_default_shipping, is_default_billing, ...address } = body;
    const saved = await saveAddress(db, await customerOf(request), id, {
      address,
      is_validated: is_validated ?? false,
      is_default_shipping,
      is_default_billing,
    });
    if (!('status' in saved)) return saved;
    if (saved.status === 404) return new Refusal(404, { error: MESSAGES.addressNotFound });
    return new Refusal(422, {
      error: Object.values(saved.errors)[0] ?? MESSAGES.correctTheErrors,
      fields: saved.errors,
    });
  };

  serveEndpoint(app, accountOrdersEndpoint, async ({ request }) =>
    listOrders(db, accounts.orderLinkSecret, await customerOf(request)),
  );

  serveEndpoint(app, accountAddressesEndpoint, async ({ request }) => listAddresses(db, await customerOf(request)));

  serveEndpoint(app, addressCreateEndpoint, ({ request, body }) => save(request, null, body));

  serveEndpoint(app, addressUpdateEndpoint, ({ request, params, body }) => save(request, params.id, body));

  serveEndpoint(app, addressDeleteEndpoint, async ({ request, params }) => {
    if (!(await deleteAddress(db, await customerOf(request), params.id)))
      return new Refusal(404, { error: MESSAGES.addressNotFound });
    return { success: true as const };
  });

  serveEndpoint(app, accountWalletEndpoint, async ({ request }) => readWallet(db, await customerOf(request)));

  serveEndpoint(app, cardDeleteEndpoint, async ({ request, params }) => {
    const cards = { db, gateway, logger: request.log };
    if (!(await deleteSavedCard(cards, await customerOf(request), params.id, new Date())))
      return new Refusal(404, { error: MESSAGES.cardNotFound });
    return { success: true as const };
  });
};
