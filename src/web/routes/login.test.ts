import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import { captchaApi, postArgs } from './action-test-support.ts';
import { action } from './login.tsx';

const user = { _id: 'cus_1', username: 'demo@acme.test', first_name: 'Demo', last_name: 'Customer' };
const SESSION_COOKIE = 'etk_session=secret; Path=/; HttpOnly; SameSite=Lax';
const signedIn: ServerApiResponse = {
  status: 200,
  body: { success: true, data: { user } },
  setCookies: [SESSION_COOKIE],
};

/** The action's answer as React Router hands it on: its data and its response init. */
async function postLogin(fields: Record<string, string>, answer: ServerApiResponse) {
  const { calls, api } = captchaApi(answer);
  const answered = await action(postArgs('/login', '/login', {}, { body: new URLSearchParams(fields) }, api));
  return { calls, reply: answered.data, init: answered.init };
}

describe('the sign-in action', () => {
  it('signs in through the API with a captcha token and hands the session cookie on to the browser', async () => {
    const { calls, reply, init } = await postLogin(
      { email: ' demo@acme.test ', password: 'acme-demo-password', remember_me: 'on' },
      signedIn,
    );
    expect(calls.map((call) => call.path)).toEqual(['/session-api/captcha-token?action=login', '/session-api/login']);
    expect(calls[1]?.init).toEqual({
      method: 'POST',
      body: {
        _username: 'demo@acme.test',
        _password: 'acme-demo-password',
        _remember_me: true,
        token: 'captcha-token',
        action: 'login',
      },
    });
    expect(reply.user).toEqual(user);
    expect(new Headers(init?.headers).getSetCookie()).toEqual([SESSION_COOKIE]);
    expect(JSON.stringify(reply)).not.toContain('acme-demo-password');
  });

  it('says a wrong e-mail or password as one message at the form, and keeps the password out of the page', async () => {
    const { reply, init } = await postLogin(
      { email: 'demo@acme.test', password: 'wrong-password' },
      { status: 401, body: { error: 'The e-mail address or password is incorrect.' } },
    );
    expect(init?.status).toBe(401);
    expect(reply.user).toBeUndefined();
    expect(reply.result.error).toEqual({ '': ['The e-mail address or password is incorrect.'] });
    expect(JSON.stringify(reply)).not.toContain('wrong-password');
  });

  it('refuses a form without an address or a password before asking the API', async () => {
    const { calls, reply, init } = await postLogin({ email: '', password: '' }, signedIn);
    expect(init?.status).toBe(400);
    expect(calls).toEqual([]);
    expect(reply.result.error).toMatchObject({ email: ['Value is required'], password: ['Value is required'] });
  });

  it('says the shop’s failure when the API does not answer', async () => {
    const { reply, init } = await postLogin(
      { email: 'demo@acme.test', password: 'secret-password' },
      { status: 500, body: { error: 'boom' } },
    );
    expect(init?.status).toBe(503);
    expect(reply.result.error).toEqual({ '': [MESSAGES.apiFailure] });
  });
});
