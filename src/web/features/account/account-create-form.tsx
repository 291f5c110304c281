import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { accountCreateSchema } from '../../../shared/validators.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { EmailField, TextField } from '../../ui/form-field.tsx';
import { MailedNotice, SubmitWithError } from './account-fields.tsx';
import { NewPasswordField } from '../../ui/new-password-fields.tsx';
import { useCaptchaForm } from './use-captcha-form.ts';

/** The creation form's id: its element and its fetcher. */
export const ACCOUNT_CREATE_FORM_ID = 'account-create';

/**
 * Names, e-mail and a new password, posted to /account-create's action. The server answers the same for an
 * address that has an account and one that has not (its owner gets a mail either way), so the form says only
 * to check the e-mail.
 */
export function AccountCreateForm({
  initialReply,
  recaptchaSiteKey,
}: {
  initialReply: FormReply | null;
  recaptchaSiteKey: string | null;
}) {
  const { form, fields, pending, reply, formError, formProps } = useCaptchaForm({
    id: ACCOUNT_CREATE_FORM_ID,
    action: PATHS.accountCreate,
    schema: accountCreateSchema,
    // Creating an account changes nothing the page shows.
    revalidate: false,
    initialReply,
    captchaAction: 'create',
    recaptchaSiteKey,
  });
  if (reply?.notice) return <MailedNotice text={reply.notice} />;
  return (
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={MESSAGES.firstName}
          name={fields.first_name.name}
          defaultValue={fields.first_name.initialValue}
          error={fields.first_name.errors?.[0]}
          autoComplete="given-name"
        />
        <TextField
          label={MESSAGES.lastName}
          name={fields.last_name.name}
          defaultValue={fields.last_name.initialValue}
          error={fields.last_name.errors?.[0]}
          autoComplete="family-name"
        />
      </div>
      <EmailField
        label={MESSAGES.emailAddress}
        name={fields.email.name}
        defaultValue={fields.email.initialValue}
        error={fields.email.errors?.[0]}
        autoComplete="username"
      />
      <NewPasswordField label={MESSAGES.password} name={fields.password.name} error={fields.password.errors?.[0]} />
      <SubmitWithError
        label={MESSAGES.createAccountSubmit}
        pendingLabel={MESSAGES.creatingAccount}
        pending={pending}
        errorId={form.errorId}
        error={formError}
      />
      <p className="text-sm">
        {MESSAGES.haveAnAccount}{' '}
        <Link to={PATHS.login} className="font-semibold underline underline-offset-4">
          {MESSAGES.signIn}
        </Link>
      </p>
    </form>
  );
}
