import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import { captchaApi, postArgs, replyOf } from './action-test-support.ts';
import { action } from './account-forgot.tsx';

const postForgot = async (fields: Record<string, string>, answer: ServerApiResponse) => {
  // Under reCAPTCHA the settings name a site key, so the token is the one the browser posted.
  const { calls, api } = captchaApi(answer, { provider: 'recaptcha', siteKey: 'site-key' });
  return {
    calls,
    ...(await replyOf(
      action(postArgs('/account-forgot', '/account-forgot', {}, { body: new URLSearchParams(fields) }, api)),
    )),
  };
};

describe('the forgotten password action', () => {
  it('asks for the link with the browser’s reCAPTCHA token, and says the API’s one answer', async () => {
    const { calls, reply } = await postForgot(
      { email: 'robin@example.com', token: 'browser-token' },
      { status: 200, body: { success: true, message: MESSAGES.forgotSent } },
    );
    expect(calls[1]).toEqual({
      path: '/session-api/account/forgot',
      init: { method: 'POST', body: { email: 'robin@example.com', token: 'browser-token', action: 'forgot' } },
    });
    expect(reply.notice).toBe(MESSAGES.forgotSent);
  });

  it('sends no token when the browser had none, so the API can say the check did not run', async () => {
    const { calls, reply, status } = await postForgot(
      { email: 'robin@example.com' },
      { status: 400, body: { error: MESSAGES.captchaMissing } },
    );
    expect(calls[1]?.init?.body).toEqual({ email: 'robin@example.com', token: undefined, action: 'forgot' });
    expect(status).toBe(400);
    expect(reply.result.error).toEqual({ '': [MESSAGES.captchaMissing] });
  });

  it('says the shop’s failure when the API does not answer', async () => {
    const { reply, status } = await postForgot(
      { email: 'robin@example.com' },
      { status: 500, body: { error: 'boom' } },
    );
    expect(status).toBe(503);
    expect(reply.result.error).toEqual({ '': [MESSAGES.apiFailure] });
  });
});
