import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { accountForgotSchema } from '../../../shared/validators.ts';
import { useFormCaptcha } from '../../lib/captcha/use-captcha.ts';
import type { FormReply } from '../../lib/forms/form-reply.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField } from '../../ui/form-field.tsx';
import { EntryLinks, MailedNotice } from './account-fields.tsx';

/** The forgotten password form's id: its element and its fetcher. */
export const ACCOUNT_FORGOT_FORM_ID = 'account-forgot';

/**
 * The address a reset link goes to, posted to /account-forgot's action. The answer is the same whether or not
 * an account uses the address, so the form says only that a link is on its way if one does.
 */
export function AccountForgotForm({ initialReply, recaptchaSiteKey }: { initialReply: FormReply | null; recaptchaSiteKey: string | null }) {
  const captcha = useFormCaptcha(recaptchaSiteKey, 'forgot');
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: ACCOUNT_FORGOT_FORM_ID,
    action: PATHS.accountForgot,
    schema: accountForgotSchema,
    revalidate: false,
    initialReply,
    prepareSubmit: captcha.prepareSubmit,
  });
  const formError = pending ? null : (form.errors?.[0] ?? null);
  if (reply?.notice) return <MailedNotice text={reply.notice} />;
  return (
    <form {...formProps} onFocus={captcha.warmUp} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <EmailField label={MESSAGES.emailAddress} name={fields.email.name} defaultValue={fields.email.initialValue} error={fields.email.errors?.[0]} autoComplete="username" />
      <Button type="submit" variant="primary" pending={pending} className="px-8 py-3">
        {pending ? MESSAGES.sendingResetLink : MESSAGES.sendResetLink}
      </Button>
      <p id={form.errorId} role="alert" className="min-h-5 text-sm text-danger">
        {formError ?? ''}
      </p>
      <EntryLinks />
    </form>
  );
}
