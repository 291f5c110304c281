import { describe, expect, it } from 'vitest';
import type { ServerApi, ServerApiRequest, ServerApiResponse } from '../../shared/load-context.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { action as addressBook } from './account-addresses.tsx';
import { action as information } from './account-information.tsx';
import { action as wallet } from './account-wallet.tsx';
import { postArgs, replyOf, responseOf } from './action-test-support.ts';

const user = { _id: 'customer-demo', username: 'demo@acme.test', first_name: 'Jordan', last_name: 'Rivera' };
const saved = {
  _id: 'address-home',
  country: 'US',
  first_name: 'Alex',
  last_name: 'Rivera',
  address1: '1550 Wewatta Street',
  address2: '',
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  phone: '',
  is_validated: true,
  is_default_shipping: false,
  is_default_billing: true,
};

/** A fake API answering each `METHOD path` as told (a 404 otherwise), recording the calls. */
function routedApi(answers: Record<string, ServerApiResponse>) {
  const calls: Array<{ path: string; init: ServerApiRequest | undefined }> = [];
  const api: ServerApi = async (path, init) => {
    calls.push({ path, init });
    return answers[`${init?.method ?? 'GET'} ${path}`] ?? { status: 404, body: { error: 'not here' } };
  };
  return { calls, api };
}

const post = (path: string, fields: Record<string, string>, api: ServerApi) =>
  postArgs(path, path.split('?')[0] ?? path, {}, { body: new URLSearchParams(fields) }, api);

describe('the information page’s actions', () => {
  it('saves the names through the API and hands the saved customer to the browser', async () => {
    const { calls, api } = routedApi({
      'POST /session-api/account/information': {
        status: 200,
        body: { success: true, message: MESSAGES.informationSaved, data: { user } },
      },
    });
    const { status, reply } = await replyOf(
      information(
        post(
          '/account/information',
          { intent: 'information', first_name: ' Jordan ', last_name: 'Rivera', email: 'demo@acme.test' },
          api,
        ),
      ),
    );
    expect(status).toBe(200);
    expect(calls[0]?.init).toEqual({
      method: 'POST',
      body: { first_name: 'Jordan', last_name: 'Rivera', email: 'demo@acme.test' },
    });
    expect(reply).toMatchObject({ intent: 'information', notice: MESSAGES.informationSaved, user });
  });

  it('says the API’s refusal at its field, and sends a customer whose session ended to sign in', async () => {
    const refused = routedApi({
      'POST /session-api/account/information': {
        status: 422,
        body: { error: MESSAGES.invalidEmail, fields: { email: MESSAGES.invalidEmail } },
      },
    });
    const fields = { intent: 'information', first_name: 'Alex', last_name: 'Rivera', email: 'alex@example.com' };
    expect((await replyOf(information(post('/account/information', fields, refused.api)))).reply.result.error).toEqual({
      email: [MESSAGES.invalidEmail],
    });
    const ended = await responseOf(
      information(
        post(
          '/account/information',
          fields,
          routedApi({ 'POST /session-api/account/information': { status: 401, body: {} } }).api,
        ),
      ),
    );
    expect(ended.headers.get('location')).toBe('/login?redirectTo=%2Faccount%2Finformation');
  });

  it('changes the password with the current one, empties the form and never puts a password in the page', async () => {
    const { calls, api } = routedApi({
      'POST /session-api/account/password': { status: 200, body: { success: true, message: MESSAGES.passwordChanged } },
    });
    const fields = {
      intent: 'password',
      current: 'old-secret-99',
      password: 'new-secret-42',
      password_confirm: 'new-secret-42',
    };
    const { reply } = await replyOf(information(post('/account/information', fields, api)));
    expect(calls[0]?.init).toEqual({ method: 'POST', body: { current: 'old-secret-99', password: 'new-secret-42' } });
    expect(reply).toMatchObject({
      intent: 'password',
      notice: MESSAGES.passwordChanged,
      result: { initialValue: null },
    });
    expect(JSON.stringify(reply)).not.toMatch(/secret/);
  });

  it('says a wrong current password at its field, and a new one typed twice differently before asking the API', async () => {
    const wrong = routedApi({
      'POST /session-api/account/password': {
        status: 422,
        body: { error: MESSAGES.currentPasswordWrong, fields: { current: MESSAGES.currentPasswordWrong } },
      },
    });
    const fields = {
      intent: 'password',
      current: 'bad-secret-11',
      password: 'new-secret-42',
      password_confirm: 'new-secret-42',
    };
    const refused = await replyOf(information(post('/account/information', fields, wrong.api)));
    expect(refused.status).toBe(422);
    expect(refused.reply.result.error).toEqual({ current: [MESSAGES.currentPasswordWrong] });
    expect(JSON.stringify(refused.reply)).not.toMatch(/secret/);

    const typo = routedApi({});
    const mismatch = await replyOf(
      information(post('/account/information', { ...fields, password_confirm: 'new-secret-43' }, typo.api)),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.reply.result.error).toEqual({ password_confirm: [MESSAGES.sameAs(MESSAGES.newPasswordName)] });
    expect(typo.calls).toEqual([]);
  });
});

const newAddress = {
  intent: 'save',
  'address.country': 'US',
  'address.first_name': 'Alex',
  'address.last_name': 'Rivera',
  'address.address1': '600 Dexter Ave',
  'address.address2': '',
  'address.city': 'Montgomery',
  'address.region': 'AL',
  'address.postcode': '36130',
  'address.phone': '',
  is_default_shipping: 'on',
};

describe('the address book’s actions', () => {
  it('adds an address with its default flags, and goes back to the book with the notice', async () => {
    const { calls, api } = routedApi({ 'POST /session-api/account/addresses': { status: 200, body: { data: saved } } });
    const done = await responseOf(addressBook(post('/account/addresses?new', newAddress, api)));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/account/addresses?address-book=ok%3AaddressSaved#address-book');
    expect(calls[0]?.init?.body).toEqual({
      country: 'US',
      first_name: 'Alex',
      last_name: 'Rivera',
      address1: '600 Dexter Ave',
      address2: '',
      city: 'Montgomery',
      region: 'AL',
      postcode: '36130',
      phone: '',
      is_validated: false,
      is_default_shipping: true,
      is_default_billing: false,
    });
  });

  it('changes an address by its id, and says the API’s refusals at the form’s address fields', async () => {
    const { calls, api } = routedApi({
      'PUT /session-api/account/addresses/address-home': {
        status: 422,
        body: { error: 'x', fields: { postcode: MESSAGES.zipCodeNotInState('36130', 'Colorado') } },
      },
    });
    const { status, reply } = await replyOf(
      addressBook(post('/account/addresses?edit=address-home', { ...newAddress, id: 'address-home' }, api)),
    );
    expect(calls[0]?.init?.method).toBe('PUT');
    expect(status).toBe(422);
    expect(reply).toMatchObject({
      intent: 'save',
      id: 'address-home',
      result: { error: { 'address.postcode': [MESSAGES.zipCodeNotInState('36130', 'Colorado')] } },
    });
  });

  it('refuses an incomplete address before asking the API', async () => {
    const { calls, api } = routedApi({});
    const { status, reply } = await replyOf(
      addressBook(post('/account/addresses?new', { ...newAddress, 'address.postcode': ' ' }, api)),
    );
    expect(status).toBe(400);
    expect(reply.result.error).toEqual({ 'address.postcode': [MESSAGES.zipCodeRequired] });
    expect(calls).toEqual([]);
  });

  it('makes an address the default shipping one as it is saved, keeping its billing flag', async () => {
    const { calls, api } = routedApi({
      'GET /session-api/account/addresses': { status: 200, body: { data: [saved] } },
      'PUT /session-api/account/addresses/address-home': {
        status: 200,
        body: { data: { ...saved, is_default_shipping: true } },
      },
    });
    const done = await responseOf(
      addressBook(post('/account/addresses', { intent: 'default-shipping', id: 'address-home' }, api)),
    );
    expect(done.headers.get('location')).toBe(
      '/account/addresses?address-book=ok%3AdefaultShippingChanged#address-book',
    );
    expect(calls[1]?.init).toEqual({ method: 'PUT', body: { ...saved, is_default_shipping: true } });
  });

  it('says an address that is not the customer’s is not found, and deletes one that is', async () => {
    const missing = routedApi({ 'GET /session-api/account/addresses': { status: 200, body: { data: [saved] } } });
    const refused = await replyOf(
      addressBook(post('/account/addresses', { intent: 'default-billing', id: 'someone-elses' }, missing.api)),
    );
    expect(refused).toMatchObject({
      status: 404,
      reply: { intent: 'default-billing', id: 'someone-elses', result: { error: { '': [MESSAGES.addressNotFound] } } },
    });
    expect(missing.calls).toHaveLength(1);

    const { calls, api } = routedApi({
      'DELETE /session-api/account/addresses/address-home': { status: 200, body: { success: true } },
    });
    const done = await responseOf(
      addressBook(post('/account/addresses?delete=address-home', { intent: 'delete', id: 'address-home' }, api)),
    );
    expect(done.headers.get('location')).toBe('/account/addresses?address-book=ok%3AaddressDeleted#address-book');
    expect(calls[0]?.init).toEqual({ method: 'DELETE' });
  });
});

describe('the wallet’s action', () => {
  it('removes a saved card and goes back to the wallet with the notice; a card not found is said on the form', async () => {
    const { api } = routedApi({
      'DELETE /session-api/account/cards/card-demo-visa': { status: 200, body: { success: true } },
    });
    const done = await responseOf(
      wallet(post('/account/wallet?remove-card=card-demo-visa', { intent: 'remove-card', id: 'card-demo-visa' }, api)),
    );
    expect(done.headers.get('location')).toBe('/account/wallet?wallet=ok%3AcardRemoved#wallet');

    const other = routedApi({
      'DELETE /session-api/account/cards/card-x': { status: 404, body: { error: MESSAGES.cardNotFound } },
    });
    const refused = await replyOf(wallet(post('/account/wallet', { intent: 'remove-card', id: 'card-x' }, other.api)));
    expect(refused).toMatchObject({
      status: 404,
      reply: { intent: 'remove-card', id: 'card-x', result: { error: { '': [MESSAGES.cardNotFound] } } },
    });
  });
});
