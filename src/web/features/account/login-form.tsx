import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import type { User } from '../../../shared/user.ts';
import { loginSchema } from '../../../shared/validators.ts';
import { track } from '../../lib/analytics/analytics.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { loginDestination, REDIRECT_TO_PARAM } from '../../lib/navigation/login-destination.ts';
import { attemptedCheckoutStore } from '../../lib/navigation/navigation-effects.ts';
import { userStore } from '../../lib/user-store.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, TextField } from '../../ui/form-field.tsx';

/** The sign-in form's id: its element and its fetcher. */
export const LOGIN_FORM_ID = 'login';

/** The sign-in action's answer: the form's reply, and the user once the API has signed them in. */
export interface LoginReply extends FormReply {
  user?: User;
}

/**
 * E-mail, password and remember me, posted to /login's action (which signs in through the API, so the form
 * works before the app has started). Signed in, the user is kept in the browser, the login event sent and
 * the shopper taken back where they were going.
 */
export function LoginForm({ initialReply }: { initialReply: LoginReply | null }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: LOGIN_FORM_ID,
    action: `${PATHS.login}${search}`,
    schema: loginSchema,
    processingType: 'overlay',
    initialReply,
  });
  const user = reply?.user;
  useEffect(() => {
    if (!user) return;
    userStore().set(user);
    track({ event: 'login', method: 'email' });
    const redirectTo = new URLSearchParams(search).get(REDIRECT_TO_PARAM);
    void navigate(loginDestination({ attemptedCheckout: attemptedCheckoutStore.get(), redirectTo }), { replace: true });
  }, [user, search, navigate]);

  const formError = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <EmailField label={MESSAGES.emailAddress} name={fields.email.name} defaultValue={fields.email.initialValue} error={fields.email.errors?.[0]} autoComplete="username" />
      <TextField label={MESSAGES.password} name={fields.password.name} error={fields.password.errors?.[0]} type="password" autoComplete="current-password" />
      <label className="flex min-h-12 cursor-pointer items-center gap-3 text-sm">
        <input type="checkbox" name={fields.remember_me.name} className="size-5 accent-current" />
        {MESSAGES.rememberMe}
      </label>
      <Button type="submit" variant="primary" pending={pending} className="px-8 py-3">
        {pending ? MESSAGES.signingIn : MESSAGES.signIn}
      </Button>
      <p id={form.errorId} role="alert" className="min-h-5 text-sm text-danger">
        {formError ?? ''}
      </p>
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
