import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import { captchaApi, postArgs, replyOf } from './action-test-support.ts';
import { action } from './account-create.tsx';

const filled = {
  first_name: 'Robin',
  last_name: 'Hale',
  email: ' robin@example.com ',
  password: 'a long new password',
};

async function postCreate(fields: Record<string, string>, answer: ServerApiResponse) {
  const { calls, api } = captchaApi(answer);
  const answered = await replyOf(
    action(postArgs('/account-create', '/account-create', {}, { body: new URLSearchParams(fields) }, api)),
  );
  return { calls, ...answered };
}

describe('the account creation action', () => {
  it('creates through the API with a captcha token, and says to check the e-mail without echoing the password', async () => {
    const { calls, reply, status } = await postCreate(filled, {
      status: 200,
      body: { success: true, message: MESSAGES.accountCreateSent },
    });
    expect(calls.map((call) => call.path)).toEqual([
      '/session-api/captcha-token?action=create',
      '/session-api/account/create',
    ]);
    expect(calls[1]?.init).toEqual({
      method: 'POST',
      body: {
        first_name: 'Robin',
        last_name: 'Hale',
        email: 'robin@example.com',
        password: 'a long new password',
        token: 'captcha-token',
        action: 'create',
      },
    });
    expect(status).toBe(200);
    expect(reply.notice).toBe(MESSAGES.accountCreateSent);
    expect(JSON.stringify(reply)).not.toContain('a long new password');
  });

  it('puts a refused password at its field', async () => {
    const refusal = { error: MESSAGES.passwordTooCommon, fields: { password: MESSAGES.passwordTooCommon } };
    const { reply, status } = await postCreate({ ...filled, password: 'password1' }, { status: 422, body: refusal });
    expect(status).toBe(422);
    expect(reply.result.error).toEqual({ password: [MESSAGES.passwordTooCommon] });
    expect(reply.notice).toBeUndefined();
    expect(JSON.stringify(reply)).not.toContain('password1');
  });

  it('checks the form with the shared rules before asking the API', async () => {
    const { calls, reply, status } = await postCreate(
      { first_name: '', last_name: 'Hale', email: 'robin', password: 'short' },
      { status: 200, body: {} },
    );
    expect(status).toBe(400);
    expect(calls).toEqual([]);
    expect(reply.result.error).toMatchObject({
      first_name: [MESSAGES.firstNameRequired],
      email: [MESSAGES.invalidEmail],
      password: [MESSAGES.minLength(8)],
    });
  });

  it('says the limit and the captcha’s refusal on the form', async () => {
    const { reply, status } = await postCreate(filled, {
      status: 429,
      body: { error: MESSAGES.accountTooManyAttempts },
    });
    expect(status).toBe(429);
    expect(reply.result.error).toEqual({ '': [MESSAGES.accountTooManyAttempts] });
  });
});
