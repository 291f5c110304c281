/** The API's answer to a call that signs the browser in: sign-in, a password reset, an e-mail confirmation. */
import type { Submission } from '@conform-to/react';
import { data } from 'react-router';
import * as z from 'zod/mini';
import { userSchema, type User } from '../../../shared/user.ts';
import type { ApiAnswerWithCookies } from './form-action.ts';
import { failedReply, type FormReply } from './form-reply.ts';

/** The answer of an action that signs in: the form's reply, and the user once the API has signed them in. */
export interface SignedInReply extends FormReply {
  user?: User;
}

const signedInBodySchema = z.lazy(() => z.object({ success: z.literal(true), data: z.object({ user: userSchema }) }));

/**
 * The action's answer to a 200: the user, and the session cookie handed on to the browser (a body that is not a
 * sign-in's is the shop's failure). Null for any other status, which the action answers in its own words.
 */
export function signedInReply<T>(submission: Submission<T>, answer: ApiAnswerWithCookies, hideFields: string[] = []) {
  if (answer.status !== 200) return null;
  const signedIn = signedInBodySchema.safeParse(answer.body);
  if (!signedIn.success) return data<SignedInReply>(failedReply(), { status: 503 });
  const headers = new Headers();
  for (const cookie of answer.setCookies ?? []) headers.append('set-cookie', cookie);
  return data<SignedInReply>({ result: submission.reply({ hideFields }), user: signedIn.data.data.user }, { headers });
}
