/** The API's answer to a call that signs the browser in: sign-in, a password reset, an e-mail confirmation. */
import type { Submission } from '@conform-to/react';
import { data } from 'react-router';
import type { User } from '../../../shared/user.ts';
import type { ApiAnswerWithCookies } from './form-action.ts';
import type { FormReply } from './form-reply.ts';

/** The answer of an action that signs in: the form's reply, and the user once the API has signed them in. */
export interface SignedInReply extends FormReply {
  user?: User;
}

/** The endpoint's answer to a call that signs in (askEndpoint's): the success body once its contract has read it. */
type SignedInAnswer = ApiAnswerWithCookies & { data?: { data: { user: User } } };

/**
 * The action's answer to a sign-in: the user, and the session cookie handed on to the browser. Null when the API
 * did not sign in (a refusal, no answer, or a 200 its contract rejects), which the action answers in its own words.
 */
export function signedInReply<T>(submission: Submission<T>, answer: SignedInAnswer, hideFields: string[] = []) {
  if (!answer.data) return null;
  const headers = new Headers();
  for (const cookie of answer.setCookies ?? []) headers.append('set-cookie', cookie);
  return data<SignedInReply>({ result: submission.reply({ hideFields }), user: answer.data.data.user }, { headers });
}
