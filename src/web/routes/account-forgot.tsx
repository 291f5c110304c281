import { data } from 'react-router';
import { accountForgotEndpoint } from '../../shared/api/accounts.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { accountForgotSchema } from '../../shared/validators.ts';
import { AccountEntryPage } from '../features/account/account-entry-page.tsx';
import { AccountForgotForm } from '../features/account/account-forgot-form.tsx';
import { postWithCaptcha, recaptchaSiteKey } from '../lib/captcha/captcha.server.ts';
import { answerOrFail, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyFromApi, replyStatus, type FormReply } from '../lib/forms/form-reply.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/account-forgot';

export async function loader({ context }: Route.LoaderArgs) {
  return { recaptchaSiteKey: await recaptchaSiteKey(context, 'forgot') };
}

/** Asks the API to mail a reset link, with a captcha token; the answer is the same whether or not an account uses the address. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, accountForgotSchema);
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply() }, { status: 400 });
  const answer = await postWithCaptcha(context.api, 'forgot', accountForgotEndpoint, submission.value, formData);
  return data<FormReply>(replyFromApi(submission, answer, { success: MESSAGES.forgotSent }), {
    status: replyStatus(answer),
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountForgotTitle, noindex: true });
}

export default function AccountForgot({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountEntryPage title={MESSAGES.forgotPassword} intro={MESSAGES.accountForgotIntro}>
      <AccountForgotForm initialReply={actionData ?? null} recaptchaSiteKey={loaderData.recaptchaSiteKey} />
    </AccountEntryPage>
  );
}
