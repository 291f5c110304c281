import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { loginSchema } from '../../../shared/validators.ts';
import type { SignedInReply } from '../../lib/forms/signed-in-answer.ts';
import { EmailField, TextField } from '../../ui/form-field.tsx';
import { SubmitWithError } from './account-fields.tsx';
import { useCaptchaForm } from './use-captcha-form.ts';
import { useSignedIn } from './use-signed-in.ts';

/** The sign-in form's id: its element and its fetcher. */
export const LOGIN_FORM_ID = 'login';

/**
 * E-mail, password and remember me, posted to /login's action (which signs in through the API, so the form
 * works before the app has started). Signed in, the user is kept in the browser, the login event sent and
 * the shopper taken back where they were going.
 */
export function LoginForm({
  initialReply,
  recaptchaSiteKey,
}: {
  initialReply: SignedInReply | null;
  recaptchaSiteKey: string | null;
}) {
  const { search } = useLocation();
  const { form, fields, pending, reply, formError, formProps } = useCaptchaForm({
    id: LOGIN_FORM_ID,
    action: `${PATHS.login}${search}`,
    schema: loginSchema,
    processingType: 'overlay',
    initialReply,
    captchaAction: 'login',
    recaptchaSiteKey,
  });
  useSignedIn(reply?.user, { goOn: true });

  return (
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <EmailField
        label={MESSAGES.emailAddress}
        name={fields.email.name}
        defaultValue={fields.email.initialValue}
        error={fields.email.errors?.[0]}
        autoComplete="username"
      />
      <TextField
        label={MESSAGES.password}
        name={fields.password.name}
        error={fields.password.errors?.[0]}
        type="password"
        autoComplete="current-password"
      />
      <label className="flex min-h-12 cursor-pointer items-center gap-3 text-sm">
        <input type="checkbox" name={fields.remember_me.name} className="size-5 accent-current" />
        {MESSAGES.rememberMe}
      </label>
      <SubmitWithError
        label={MESSAGES.signIn}
        pendingLabel={MESSAGES.signingIn}
        pending={pending}
        errorId={form.errorId}
        error={formError}
      />
      <p className="flex flex-wrap justify-between gap-4 text-sm">
        <Link to={PATHS.accountForgot} className="underline underline-offset-4">
          {MESSAGES.forgotPassword}
        </Link>
        <Link to={PATHS.accountCreate} className="font-semibold underline underline-offset-4">
          {MESSAGES.createAccount}
        </Link>
      </p>
    </form>
  );
}
