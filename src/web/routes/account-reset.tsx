import { data } from 'react-router';
import { rememberMeFromQuery } from '../../shared/account.ts';
import { accountResetEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { accountResetSchema } from '../../shared/validators.ts';
import { AccountEntryPage } from '../features/account/account-entry-page.tsx';
import { AccountResetForm } from '../features/account/account-reset-form.tsx';
import { answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus } from '../lib/forms/form-reply.ts';
import { signedInReply, type SignedInReply } from '../lib/forms/signed-in-answer.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-reset';

/** Neither password goes back into the page, whatever the answer. */
const HIDDEN_FIELDS = ['password', 'password_confirm'];

/**
 * Sets the new password through the link's customer and token. The API ends every session of the account and
 * signs this browser in (remembered when the link's query says rememberMe), whose cookie is handed on.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, accountResetSchema);
  if (submission.status !== 'success')
    return data<SignedInReply>({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 });
  const answer = await askEndpoint(context.api, accountResetEndpoint, {
    body: {
      customerId: params.customerId,
      token: params.token,
      password: submission.value.password,
      rememberMe: rememberMeFromQuery(new URL(request.url).searchParams.get('rememberMe')),
    },
  });
  const signedIn = signedInReply(submission, answer, HIDDEN_FIELDS);
  if (signedIn) return signedIn;
  return data<SignedInReply>(
    replyFromApi(submission, answer, { success: MESSAGES.passwordChanged, hideFields: HIDDEN_FIELDS }),
    { status: replyStatus(answer) },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountResetTitle, noindex: true });
}

export default function AccountReset({ actionData }: Route.ComponentProps) {
  return (
    <AccountEntryPage title={MESSAGES.accountResetTitle} intro={MESSAGES.accountResetIntro}>
      <AccountResetForm initialReply={actionData ?? null} />
    </AccountEntryPage>
  );
}
