import { data } from 'react-router';
import * as z from 'zod/mini';
import { MESSAGES } from '../../shared/messages.ts';
import type { ServerApi } from '../../shared/load-context.ts';
import { userSchema } from '../../shared/user.ts';
import { loginSchema } from '../../shared/validators.ts';
import { LoginForm, type LoginReply } from '../features/account/login-form.tsx';
import { answerOrFail, readForm } from '../lib/forms/form-action.ts';
import { failedReply, parseForm, replyError, replyFromApi, replyStatus, type ApiAnswer } from '../lib/forms/form-reply.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/login';

const CAPTCHA_ACTION = 'login';

const captchaAnswerSchema = z.object({
  data: z.union([z.object({ provider: z.literal('built-in'), token: z.string() }), z.object({ provider: z.literal('recaptcha'), siteKey: z.string() })]),
});
const loginAnswerSchema = z.object({ success: z.literal(true), data: z.object({ user: userSchema }) });

/** The password never goes back into the page, whatever the answer. */
const HIDDEN_FIELDS = ['password'];

/** The built-in verifier's token from the API, or the one the browser's score provider gave the form. */
async function captchaToken(api: ServerApi, formData: FormData): Promise<string | undefined> {
  const answer = await api(`/session-api/captcha-token?action=${CAPTCHA_ACTION}`);
  const settings = answer.status === 200 ? captchaAnswerSchema.safeParse(answer.body) : null;
  if (settings?.success && settings.data.data.provider === 'built-in') return settings.data.data.token;
  const posted = formData.get('token');
  return typeof posted === 'string' && posted !== '' ? posted : undefined;
}

/**
 * Signs in through the API with a captcha token, and hands the new session's cookie on to the browser. A wrong
 * e-mail or password (401) and every other refusal are one message at the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseForm(formData, loginSchema);
  if (submission.status !== 'success') return data<LoginReply>({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 });
  const { email, password, remember_me } = submission.value;
  const answer: ApiAnswer & { setCookies?: string[] } = await captchaToken(context.api, formData)
    .then((token) =>
      context.api('/session-api/login', {
        method: 'POST',
        body: { _username: email, _password: password, _remember_me: remember_me, token, action: CAPTCHA_ACTION },
      }),
    )
    .catch(() => ({ status: null, body: undefined }));
  if (answer.status === 200) {
    const signedIn = loginAnswerSchema.safeParse(answer.body);
    if (!signedIn.success) return data<LoginReply>(failedReply(), { status: 503 });
    const headers = new Headers();
    for (const cookie of answer.setCookies ?? []) headers.append('set-cookie', cookie);
    return data<LoginReply>({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), user: signedIn.data.data.user }, { headers });
  }
  const text = replyError(replyFromApi(submission, answer, { success: MESSAGES.apiFailure })) ?? MESSAGES.apiFailure;
  return data<LoginReply>({ result: submission.reply({ formErrors: [text], hideFields: HIDDEN_FIELDS }) }, { status: replyStatus(answer) });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.loginTitle, noindex: true });
}

export default function Login({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-lg px-4 pb-16 pt-10 md:pt-16">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight md:text-5xl">{MESSAGES.signIn}</h1>
      <LoginForm initialReply={actionData ?? null} />
    </main>
  );
}
