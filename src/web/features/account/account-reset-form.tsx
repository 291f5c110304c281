import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { accountResetSchema } from '../../../shared/validators.ts';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { EntryLinks, SubmitWithError } from './account-fields.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import type { SignedInReply } from '../../lib/forms/signed-in-answer.ts';
import { useSignedIn } from './use-signed-in.ts';

/** The reset form's id: its element and its fetcher. */
export const ACCOUNT_RESET_FORM_ID = 'account-reset';

/**
 * A new password, typed twice, posted to the reset link's own address (its query keeps rememberMe). The server
 * ends every session of the account and signs this browser in, which then goes where the shopper was going.
 */
export function AccountResetForm({ initialReply }: { initialReply: SignedInReply | null }) {
  const { pathname, search } = useLocation();
  const { form, fields, pending, reply, formProps } = useShopForm({
    id: ACCOUNT_RESET_FORM_ID,
    action: `${pathname}${search}`,
    schema: accountResetSchema,
    processingType: 'overlay',
    initialReply,
  });
  useSignedIn(reply?.user, { goOn: true, notice: MESSAGES.passwordChanged });

  const formError = pending ? null : (form.errors?.[0] ?? null);
  return (
    <form {...formProps} aria-busy={pending} className="mt-8 flex flex-col gap-4">
      <NewPasswordFields password={fields.password} confirm={fields.password_confirm} />
      <SubmitWithError
        label={MESSAGES.saveNewPassword}
        pendingLabel={MESSAGES.savingNewPassword}
        pending={pending}
        errorId={form.errorId}
        error={formError}
      />
      <EntryLinks>
        <Link to={PATHS.accountForgot} className="font-semibold underline underline-offset-4">
          {MESSAGES.askForNewLink}
        </Link>
      </EntryLinks>
    </form>
  );
}
