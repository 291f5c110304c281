import { data } from 'react-router';
import { accountVerifyEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { accountVerifySchema } from '../../shared/validators.ts';
import { AccountEntryPage } from '../features/account/account-entry-page.tsx';
import { AccountVerify } from '../features/account/account-verify.tsx';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus } from '../lib/forms/form-reply.ts';
import { signedInReply, type SignedInReply } from '../lib/forms/signed-in-answer.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-verify';

/**
 * Confirms the address through the link's customer and token; the API signs this browser in, whose cookie is
 * handed on. A wrong, used or expired link (400), or a new address taken meanwhile (409), is said at the form.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseForm(await readForm(request), accountVerifySchema);
  if (submission.status !== 'success') return data<SignedInReply>({ result: submission.reply() }, { status: 400 });
  const answer = await askEndpoint(context.api, accountVerifyEndpoint, {
    body: { customerId: params.customerId, token: params.token },
  });
  const signedIn = signedInReply(submission, answer);
  if (signedIn) return signedIn;
  return data<SignedInReply>(replyFromApi(submission, answer, { success: MESSAGES.accountVerified }), {
    status: replyStatus(answer),
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountVerifyTitle, noindex: true });
}

export default function AccountVerifyPage({ actionData }: Route.ComponentProps) {
  return (
    <AccountEntryPage title={MESSAGES.accountVerifyTitle}>
      <AccountVerify initialReply={actionData ?? null} />
    </AccountEntryPage>
  );
}
