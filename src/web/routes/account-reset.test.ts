import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import { fakeApi, postArgs } from './action-test-support.ts';
import { action } from './account-reset.tsx';

const user = { _id: 'cus_1', username: 'robin@example.com', first_name: 'Robin', last_name: 'Hale' };
const SESSION_COOKIE = 'sid=secret; Path=/; HttpOnly; SameSite=Lax';
const PATTERN = '/account-reset/:customerId/:token';

async function postReset(query: string, fields: Record<string, string>, answer: ServerApiResponse) {
  const { calls, api } = fakeApi(answer);
  const params = { customerId: 'cus_1', token: 'link-token' };
  const answered = await action(
    postArgs(`/account-reset/cus_1/link-token${query}`, PATTERN, params, { body: new URLSearchParams(fields) }, api),
  );
  return { calls, reply: answered.data, status: answered.init?.status, headers: new Headers(answered.init?.headers) };
}

const twice = { password: 'a brand new password', password_confirm: 'a brand new password' };

describe('the password reset action', () => {
  it('sets the password through the link, remembered as its query says, and hands the session cookie on', async () => {
    const { calls, reply, headers } = await postReset('?rememberMe=1', twice, {
      status: 200,
      body: { success: true, data: { user } },
      setCookies: [SESSION_COOKIE],
    });
    expect(calls).toEqual([
      {
        path: '/session-api/account/reset',
        init: {
          method: 'POST',
          body: { customerId: 'cus_1', token: 'link-token', password: 'a brand new password', rememberMe: true },
        },
      },
    ]);
    expect(reply.user).toEqual(user);
    expect(headers.getSetCookie()).toEqual([SESSION_COOKIE]);
    expect(JSON.stringify(reply)).not.toContain('a brand new password');
  });

  it('reads rememberMe as true only for 1 and true', async () => {
    for (const [query, remembered] of [
      ['?rememberMe=true', true],
      ['', false],
      ['?rememberMe=0', false],
      ['?rememberMe=yes', false],
    ] as const) {
      const { calls } = await postReset(query, twice, { status: 200, body: { success: true, data: { user } } });
      expect(calls[0]?.init?.body, query).toMatchObject({ rememberMe: remembered });
    }
  });

  it('asks for the same password twice before asking the API', async () => {
    const { calls, reply, status } = await postReset(
      '',
      { password: 'a brand new password', password_confirm: 'another one' },
      { status: 200, body: {} },
    );
    expect(status).toBe(400);
    expect(calls).toEqual([]);
    expect(reply.result.error).toEqual({ password_confirm: [MESSAGES.sameAs(MESSAGES.newPasswordName)] });
  });

  it('says an expired or used link on the form, and a refused password at its field', async () => {
    const expired = await postReset('', twice, { status: 400, body: { error: MESSAGES.accountLinkInvalid } });
    expect(expired.status).toBe(400);
    expect(expired.reply.result.error).toEqual({ '': [MESSAGES.accountLinkInvalid] });
    expect(expired.reply.user).toBeUndefined();
    const common = await postReset('', twice, {
      status: 422,
      body: { error: MESSAGES.passwordTooCommon, fields: { password: MESSAGES.passwordTooCommon } },
    });
    expect(common.reply.result.error).toEqual({ password: [MESSAGES.passwordTooCommon] });
  });
});
