import { data } from 'react-router';
import { accountCreateEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { accountCreateSchema } from '../../shared/validators.ts';
import { AccountCreateForm } from '../features/account/account-create-form.tsx';
import { AccountEntryPage } from '../features/account/account-entry-page.tsx';
import { postWithCaptcha, recaptchaSiteKey } from '../lib/captcha/captcha.server.ts';
import { answerOrFail, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus, type FormReply } from '../lib/forms/form-reply.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-create';

/** The password never goes back into the page, whatever the answer. */
const HIDDEN_FIELDS = ['password'];

export async function loader({ context }: Route.LoaderArgs) {
  return { recaptchaSiteKey: await recaptchaSiteKey(context, 'create') };
}

/**
 * Creates the account through the API with a captcha token. The API answers alike for an address that has an
 * account and one that has not; a refused password (too short, too common) is said at its field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, accountCreateSchema);
  if (submission.status !== 'success')
    return data<FormReply>({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 });
  const answer = await postWithCaptcha(context.api, 'create', accountCreateEndpoint, submission.value, formData);
  return data<FormReply>(
    replyFromApi(submission, answer, { success: MESSAGES.accountCreateSent, hideFields: HIDDEN_FIELDS }),
    { status: replyStatus(answer) },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountCreateTitle, noindex: true });
}

export default function AccountCreate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountEntryPage title={MESSAGES.accountCreateTitle} intro={MESSAGES.accountCreateIntro}>
      <AccountCreateForm initialReply={actionData ?? null} recaptchaSiteKey={loaderData.recaptchaSiteKey} />
    </AccountEntryPage>
  );
}
