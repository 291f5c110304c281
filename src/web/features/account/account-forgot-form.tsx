import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { accountForgotSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { EmailField } from '../../ui/form-field.tsx';
import { EntryLinks, MailedNotice, SubmitWithError } from './account-fields.tsx';
import { useCaptchaForm } from './use-captcha-form.ts';

/** The forgotten password form's id: its element and its fetcher. */
export const ACCOUNT_FORGOT_FORM_ID = 'account-forgot';

/**
 * The address a reset link goes to, posted to /account-forgot's action. The answer is the same whether or not
 * an account uses the address, so the form says only that a link is on its way if one does.
 */
export function AccountForgotForm({
  initialReply,
  recaptchaSiteKey,
}: {
  initialReply: FormReply | null;
  recaptchaSiteKey: string | null;
}) {
  const { form, fields, pending, reply, formError, formProps } = useCaptchaForm({
    id: ACCOUNT_FORGOT_FORM_ID,
    action: PATHS.accountForgot,
    schema: accountForgotSchema,
    revalidate: false,
    initialReply,
    captchaAction: 'forgot',
    recaptchaSiteKey,
  });
  if (reply?.notice) return <MailedNotice text={reply.notice} />;
  return (
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <EmailField
        label={MESSAGES.emailAddress}
        name={fields.email.name}
        defaultValue={fields.email.initialValue}
        error={fields.email.errors?.[0]}
        autoComplete="username"
      />
      <SubmitWithError
        label={MESSAGES.sendResetLink}
        pendingLabel={MESSAGES.sendingResetLink}
        pending={pending}
        errorId={form.errorId}
        error={formError}
      />
      <EntryLinks />
    </form>
  );
}
