import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import type { ServerApiResponse } from '../../shared/load-context.ts';
import { fakeApi, postArgs, replyOf } from './action-test-support.ts';
import { action } from './account-verify.tsx';

const user = { _id: 'cus_1', username: 'robin@example.com', first_name: 'Robin', last_name: 'Hale' };

async function postVerify(answer: ServerApiResponse) {
  const { calls, api } = fakeApi(answer);
  const params = { customerId: 'cus_1', token: 'link-token' };
  return {
    calls,
    ...(await replyOf(
      action(
        postArgs(
          '/account-verify/cus_1/link-token',
          '/account-verify/:customerId/:token',
          params,
          { body: new URLSearchParams() },
          api,
        ),
      ),
    )),
  };
}

describe('the e-mail confirmation action', () => {
  it('confirms through the link’s customer and token, and answers the signed-in user', async () => {
    const { calls, reply } = await postVerify({ status: 200, body: { success: true, data: { user } } });
    expect(calls).toEqual([
      {
        path: '/session-api/account/verify',
        init: { method: 'POST', body: { customerId: 'cus_1', token: 'link-token' } },
      },
    ]);
    expect(reply.user).toEqual(user);
  });

  it('says a wrong, used or expired link, and an address taken meanwhile, on the form', async () => {
    const expired = await postVerify({ status: 400, body: { error: MESSAGES.accountLinkInvalid } });
    expect(expired.status).toBe(400);
    expect(expired.reply.result.error).toEqual({ '': [MESSAGES.accountLinkInvalid] });
    const taken = await postVerify({ status: 409, body: { error: MESSAGES.emailInUse } });
    expect(taken.reply.result.error).toEqual({ '': [MESSAGES.emailInUse] });
  });

  it('calls a 200 that is not a sign-in the shop’s failure', async () => {
    const { reply, status } = await postVerify({ status: 200, body: { success: true } });
    expect(status).toBe(503);
    expect(reply.result.error).toEqual({ '': [MESSAGES.apiFailure] });
  });
});
