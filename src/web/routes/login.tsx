import { data } from 'react-router';
import { loginEndpoint } from '../../shared/api/sign-in.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { loginSchema } from '../../shared/validators.ts';
import { AccountEntryPage } from '../features/account/account-entry-page.tsx';
import { LoginForm } from '../features/account/login-form.tsx';
import { postWithCaptcha, recaptchaSiteKey } from '../lib/captcha/captcha.server.ts';
import { answerOrFail, readForm } from '../lib/forms/form-action.ts';
import { parseForm, replyError, replyFromApi, replyStatus } from '../lib/forms/form-reply.ts';
import { signedInReply, type SignedInReply } from '../lib/forms/signed-in-answer.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/login';

/** The password never goes back into the page, whatever the answer. */
const HIDDEN_FIELDS = ['password'];

/** The reCAPTCHA site key the form's browser script asks with, when the server scores with reCAPTCHA. */
export async function loader({ context }: Route.LoaderArgs) {
  return { recaptchaSiteKey: await recaptchaSiteKey(context, 'login') };
}

/**
 * Signs in through the API with a captcha token, and hands the new session's cookie on to the browser. A wrong
 * e-mail or password (401) and every other refusal are one message at the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, loginSchema);
  if (submission.status !== 'success')
    return data<SignedInReply>({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 });
  const { email, password, remember_me } = submission.value;
  const body = { _username: email, _password: password, _remember_me: remember_me };
  const answer = await postWithCaptcha(context.api, 'login', loginEndpoint, body, formData);
  const signedIn = signedInReply(submission, answer, HIDDEN_FIELDS);
  if (signedIn) return signedIn;
  const text = replyError(replyFromApi(submission, answer, { success: MESSAGES.apiFailure })) ?? MESSAGES.apiFailure;
  return data<SignedInReply>(
    { result: submission.reply({ formErrors: [text], hideFields: HIDDEN_FIELDS }) },
    { status: replyStatus(answer) },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.loginTitle, noindex: true });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountEntryPage title={MESSAGES.signIn}>
      <LoginForm initialReply={actionData ?? null} recaptchaSiteKey={loaderData.recaptchaSiteKey} />
    </AccountEntryPage>
  );
}
